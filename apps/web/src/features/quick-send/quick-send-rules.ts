import {
  checkFileCount,
  checkRecipients,
  checkUploadSize,
  CUSTOM_EXPIRY_MARKER,
  expiryChoicesFor,
  getPlanLimits,
  isCustomExpiryValid,
  formatBytes,
  type TExpiryChoice,
} from '@ferry/plans';
import { MESSAGE_MAX, TRANSFER_PASSWORD_MIN } from '@ferry/contracts';
import { isValidEmail } from './recipients';

export type SendAs = 'link' | 'email';

/** What the panel holds when the user presses 'Transfer' / 'Get Link'. */
export interface QuickSendForm {
  /** 'anon' for anonymous visitors, else the user's role or plan code. */
  role: string;
  signedIn: boolean;
  sendAs: SendAs;
  fileCount: number;
  totalBytes: number;
  /** Forwarded items count as content: files are then not required. */
  forwardedCount: number;
  recipients: string[];
  /** Text still in the recipient box (not yet a chip). */
  pendingRecipient: string;
  senderEmail: string;
  message: string;
  password: string;
  /** The password switch is on: a password is needed. */
  passwordOn?: boolean;
  expirySeconds: number;
  customDate: number | null;
}

/** Which part of the form shakes (PRODUCT.md section 5: the missing-files area, the sender email label or the email-to box). */
export type FieldProblem = 'files' | 'emailTo' | 'senderEmail' | 'message' | 'password' | 'customDate';

/** A message for the error tour, by i18n key in the `send` namespace, with its values. */
export interface TourMessage {
  key: string;
  values?: Record<string, string | number>;
  action?: 'trial' | 'support' | 'upgrade';
  /** Shown as an info toast for this long instead of the tour (the over-limit case: 15.5 s). */
  toastMs?: number;
}

/** A tour whose button offers the 7-day trial ('Get 7-day trial', to the Premium plan). */
export function trialTour(key: string, values?: TourMessage['values']): TourMessage {
  return { key, ...(values ? { values } : {}), action: 'trial' };
}

/** Copy-link is premium: what an anonymous sender is told, whether they pick it or the server refuses it. */
export const LINK_PREMIUM_TOUR = trialTour('errors.linkPremium');

export function expiryChoices(role: string): TExpiryChoice[] {
  return expiryChoicesFor(role === 'anon' ? 'anon' : role);
}

/** The fields that keep Send disabled (the form is invalid), in the order they are shown. */
export function fieldProblems(form: QuickSendForm, now = Date.now()): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (form.fileCount === 0 && form.forwardedCount === 0) problems.push('files');
  if (form.sendAs === 'email') {
    const pendingOk = form.pendingRecipient.trim() === '' || isValidEmail(form.pendingRecipient);
    if ((form.recipients.length === 0 && !isValidEmail(form.pendingRecipient)) || !pendingOk) problems.push('emailTo');
    if (!form.signedIn && !isValidEmail(form.senderEmail)) problems.push('senderEmail');
  }
  if (form.message.length > MESSAGE_MAX) problems.push('message');
  if ((form.passwordOn === true || form.password !== '') && form.password.length < TRANSFER_PASSWORD_MIN) problems.push('password');
  if (form.expirySeconds === CUSTOM_EXPIRY_MARKER && (form.customDate === null || !isCustomExpiryValid(form.customDate, now))) problems.push('customDate');
  return problems;
}

/**
 * The plan's answer to the form, before anything is sent (the server checks the same table again):
 * copy-link is premium for anonymous senders, then the size, recipient and file-count limits.
 */
export function limitProblem(form: QuickSendForm): TourMessage | null {
  if (!form.signedIn && form.sendAs === 'link') return LINK_PREMIUM_TOUR;
  const size = checkUploadSize(form.role, form.totalBytes);
  if (!size.ok) {
    const { role, uploadLimit } = getPlanLimits(form.role);
    return {
      key: 'errors.overLimit',
      values: { plan: role, limit: formatBytes(uploadLimit), over: formatBytes(form.totalBytes - uploadLimit) },
      toastMs: 15_500,
    };
  }
  const recipientCount = form.sendAs === 'email' ? form.recipients.length + (isValidEmail(form.pendingRecipient) ? 1 : 0) : 0;
  const recipients = checkRecipients(form.role, recipientCount);
  if (!recipients.ok) {
    if (recipients.action) return trialTour('errors.tooManyPeople');
    return { key: 'errors.tooManyPeoplePlan', values: { plan: getPlanLimits(form.role).role, limit: recipients.limit } };
  }
  const files = checkFileCount(form.role, form.fileCount);
  if (!files.ok) {
    const values = { plan: getPlanLimits(form.role).role, limit: files.limit };
    return files.action ? trialTour('errors.tooManyFiles', values) : { key: 'errors.tooManyFiles', values };
  }
  return null;
}

/** The tour's title and message in the current language; `plan` values are role names, shown by their translated name. */
export function tourText(t: (key: string, values?: Record<string, unknown>) => string, problem: TourMessage): { title: string; message: string } {
  const values = problem.values && 'plan' in problem.values ? { ...problem.values, plan: t(`send:plans.${problem.values['plan']}`) } : problem.values;
  return { title: t(`send:${problem.key}.title`), message: t(`send:${problem.key}.message`, values) };
}

/** What the server's refusal means to the sender, by its stable error code. */
export function serverProblem(code: string, status: number | 'network'): TourMessage {
  switch (code) {
    case 'TOO_MANY_RECIPIENTS':
      return trialTour('errors.tooManyPeople');
    case 'OVER_TRANSFER_LIMIT':
      return { key: 'errors.overLimitServer', toastMs: 15_500 };
    case 'TOO_MANY_FILES':
      return trialTour('errors.tooManyFilesServer');
    case 'LINK_PREMIUM_ONLY':
      return LINK_PREMIUM_TOUR;
    case 'EXPIRY_NOT_ALLOWED':
      return trialTour('errors.expiryNotAllowed');
    case 'STORAGE_UNAVAILABLE':
    case 'GRANT_FAILED':
      return { key: 'errors.noKey' };
    default:
      return status === 'network' ? { key: 'errors.connection' } : { key: 'errors.couldNotSend' };
  }
}
