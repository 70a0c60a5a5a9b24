import type { TSubscription } from '@ferry/contracts';
import { useStore } from 'react-redux';
import { api, refreshSession } from '../../app/api';
import type { AppStore } from '../../app/store';

const WAIT_MS = 5_000;
const EVERY_MS = 150;

/** The role the session should show once identity applied the subscription: its plan while trialing or active, else Free. */
export function expectedRole(subscription: TSubscription): string {
  if (subscription.isSumo) return 'PRY';
  return subscription.status === 'trialing' || subscription.status === 'active' ? subscription.planCode : 'Free';
}

/**
 * After a checkout or card change: refreshes the session until its role is the subscription's
 * entitled plan (identity applies billing's event within about 100 ms; gives up after ~5 s), then
 * refetches what depends on the role. Answers whether the role arrived.
 */
export function usePlanApplied(): (subscription: TSubscription) => Promise<boolean> {
  const store = useStore() as AppStore;
  return async (subscription) => {
    const role = expectedRole(subscription);
    let applied = false;
    for (let waited = 0; !applied && waited < WAIT_MS; waited += EVERY_MS) {
      if (!(await refreshSession(store))) return false;
      applied = store.getState().session.user?.role === role;
      if (!applied) await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
    store.dispatch(api.util.invalidateTags(['Me', 'Usage', 'Billing']));
    return applied;
  };
}
