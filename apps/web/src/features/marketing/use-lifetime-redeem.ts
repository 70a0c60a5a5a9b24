import { useState } from 'react';
import { useStore } from 'react-redux';
import { api, refreshSession } from '../../app/api';
import { apiProblem } from '../../app/api-error';
import type { AppStore } from '../../app/store';
import { useRedeemLifetimeCodeMutation } from '../billing/coupons.api';

const ERROR_KEYS: Record<string, string> = {
  LIFETIME_CODE_INVALID: 'lifetime.form.errors.invalid',
  VALIDATION_FAILED: 'lifetime.form.errors.invalid',
  LIFETIME_CODE_USED: 'lifetime.form.errors.used',
  LIFETIME_ALREADY_REDEEMED: 'lifetime.form.errors.already',
  FORBIDDEN: 'lifetime.form.errors.member',
};
/** Identity applies billing's event within about 100 ms; the session is refreshed until it carries the plan (at most ~5 s). */
const WAIT_MS = 5_000;
const EVERY_MS = 150;
const LIFETIME_ROLE = 'PRY';

export type RedeemState = { step: 'idle' | 'busy' | 'done'; errorKey: string | null };

/** Redeems a lifetime-deal code, then refreshes the session so the header and limits show the Pro plan. */
export function useLifetimeRedeem(): [RedeemState, (code: string) => Promise<void>] {
  const store = useStore() as AppStore;
  const [redeemCode] = useRedeemLifetimeCodeMutation();
  const [state, setState] = useState<RedeemState>({ step: 'idle', errorKey: null });
  async function redeem(code: string) {
    setState({ step: 'busy', errorKey: null });
    const result = await redeemCode({ code });
    if ('error' in result) {
      setState({ step: 'idle', errorKey: ERROR_KEYS[apiProblem(result.error).code] ?? 'lifetime.form.errors.failed' });
      return;
    }
    for (let waited = 0; waited < WAIT_MS && store.getState().session.user?.role !== LIFETIME_ROLE; waited += EVERY_MS) {
      if (!(await refreshSession(store))) break;
      if (store.getState().session.user?.role !== LIFETIME_ROLE) await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
    store.dispatch(api.util.invalidateTags(['Me', 'Usage']));
    setState({ step: 'done', errorKey: null });
  }
  return [state, redeem];
}
