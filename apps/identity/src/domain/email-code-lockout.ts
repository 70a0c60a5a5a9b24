import {
  EMAIL_CODE_FAILURE_WINDOW_MS,
  EMAIL_CODE_MAX_FAILURES_PER_EMAIL,
  EMAIL_CODE_MAX_FAILURES_PER_NETWORK,
} from './email-code.rules';
import { addMs } from './identity.deps';
import type { EmailCodeStore } from './identity.ports';

/**
 * When the email's code lockout for a caller on `network` ends, or undefined when it is not
 * locked out: 100 failed checks from that network, or 1000 from anywhere, within 24 h. A lockout
 * ends when the failure that completed the count leaves the window.
 */
export async function findEmailCodeLockoutEnd(
  store: Pick<EmailCodeStore, 'findNthNewestEmailCodeFailure'>,
  email: string,
  network: string,
  now: Date,
): Promise<Date | undefined> {
  const since = addMs(now, -EMAIL_CODE_FAILURE_WINDOW_MS);
  const fromNetwork = await store.findNthNewestEmailCodeFailure(email, { since, nth: EMAIL_CODE_MAX_FAILURES_PER_NETWORK, network });
  const fromAnywhere = await store.findNthNewestEmailCodeFailure(email, { since, nth: EMAIL_CODE_MAX_FAILURES_PER_EMAIL });
  const ends = [fromNetwork, fromAnywhere].filter((at): at is Date => at !== undefined).map((at) => addMs(at, EMAIL_CODE_FAILURE_WINDOW_MS));
  return ends.length > 0 ? new Date(Math.max(...ends.map((end) => end.getTime()))) : undefined;
}
