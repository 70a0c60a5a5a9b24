import type { i18n as I18n } from 'i18next';
import { showToast } from '../../components/toasts';

/** How long the notice stays: long enough to read after the dashboard has opened. */
const NOTICE_MS = 15_500;

/** A login within the grace period canceled the account's deletion: the user is told so. */
export async function showDeletionCanceled(i18n: I18n): Promise<void> {
  await i18n.loadNamespaces('account');
  showToast({
    title: i18n.t('lifecycle.canceled.title', { ns: 'account' }),
    message: i18n.t('lifecycle.canceled.message', { ns: 'account' }),
    kind: 'success',
    ms: NOTICE_MS,
  });
}
