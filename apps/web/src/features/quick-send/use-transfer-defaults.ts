import { useEffect } from 'react';
import { DEFAULT_EXPIRY_SECONDS, isExpiryChoiceAllowed } from '@ferry/plans';
import { useSettingsQuery } from '../dash/account/settings.api';
import { formActions } from './quick-send-form.slice';
import type { FormDispatch } from './QuickSendFields';

/**
 * A signed-in sender's form starts from the settings tab's defaults: the expiry (when the plan
 * allows it now; else 1 Week, as the server does) and the password switch.
 */
export function useTransferDefaults(sender: { role: string; isSignedIn: boolean }, dispatch: FormDispatch): void {
  const { data } = useSettingsQuery(undefined, { skip: !sender.isSignedIn });
  useEffect(() => {
    if (!data) return;
    const { expirySeconds, passwordOn } = data.transferSettings;
    dispatch(formActions.defaultsApplied({ expirySeconds: isExpiryChoiceAllowed(sender.role, expirySeconds) ? expirySeconds : DEFAULT_EXPIRY_SECONDS, passwordOn }));
  }, [data, sender.role, dispatch]);
}
