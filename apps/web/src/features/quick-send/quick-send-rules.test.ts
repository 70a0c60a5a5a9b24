import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { expiryChoices, fieldProblems, limitProblem, serverProblem, tourText, type QuickSendForm } from './quick-send-rules';

const GB = 1024 ** 3;
const base: QuickSendForm = {
  role: 'anon',
  signedIn: false,
  sendAs: 'email',
  fileCount: 1,
  totalBytes: 1000,
  forwardedCount: 0,
  recipients: ['ann@example.com'],
  pendingRecipient: '',
  senderEmail: 'me@example.com',
  message: '',
  password: '',
  expirySeconds: 604_800,
  customDate: null,
};
const en = createI18n('en');
const say = (p: ReturnType<typeof limitProblem>) => p && { ...tourText(en.t as never, p), action: p.action };

describe('expiry rules per role', () => {
  it.each(['anon', 'free', 'Free'])('%s may only pick 1 Week', (role) => {
    expect(expiryChoices(role).filter((c) => c.isEnabled).map((c) => c.label)).toEqual(['1 Week']);
  });
  it.each(['personal', 'PRM', 'business', 'team'])('%s may pick every choice, the custom date included', (role) => {
    expect(expiryChoices(role).filter((c) => c.isEnabled).map((c) => c.label)).toEqual(['1 Week', '1 Month', '3 Months', '1 Year', 'Custom Date']);
  });
  it('a custom date must be 30 minutes to 1 year ahead', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const form = { ...base, role: 'PRM', signedIn: true, expirySeconds: 604_801 };
    expect(fieldProblems({ ...form, customDate: null }, now)).toContain('customDate');
    expect(fieldProblems({ ...form, customDate: now + 29 * 60_000 }, now)).toContain('customDate');
    expect(fieldProblems({ ...form, customDate: now + 31 * 60_000 }, now)).not.toContain('customDate');
    expect(fieldProblems({ ...form, customDate: now + 366 * 24 * 3600_000 }, now)).toContain('customDate');
  });
});

describe('the form keeps Send disabled while invalid', () => {
  it('files are required', () => expect(fieldProblems({ ...base, fileCount: 0 })).toEqual(['files']));
  it('email mode needs a valid recipient and, anonymous, a valid sender', () => {
    expect(fieldProblems({ ...base, recipients: [] })).toEqual(['emailTo']);
    expect(fieldProblems({ ...base, recipients: [], pendingRecipient: 'typed@example.com' })).toEqual([]);
    expect(fieldProblems({ ...base, senderEmail: 'nope' })).toEqual(['senderEmail']);
    expect(fieldProblems({ ...base, role: 'free', signedIn: true, senderEmail: '' })).toEqual([]);
  });
  it('a transfer password has at least 4 characters; the message at most 280', () => {
    expect(fieldProblems({ ...base, password: 'abc' })).toEqual(['password']);
    expect(fieldProblems({ ...base, password: 'abcd' })).toEqual([]);
    expect(fieldProblems({ ...base, message: 'x'.repeat(281) })).toEqual(['message']);
  });
});

describe('the limit messages', () => {
  it('an anonymous copy-link gets the premium notice with the trial action', () => {
    expect(say(limitProblem({ ...base, sendAs: 'link' }))).toEqual({ title: 'Copy link', message: 'Hey, right now links are reserved for premium accounts.', action: 'trial' });
  });
  it("over the plan's transfer size: 'Over transfer limit' with the plan, the limit and the excess", () => {
    const problem = limitProblem({ ...base, totalBytes: 4 * GB });
    expect(say(problem)).toMatchObject({ title: 'Over transfer limit', message: 'Your free plan is limited to 3 GB transfers. Your 1 GB over your limit.' });
    expect(problem?.toastMs).toBe(15_500);
  });
  it("more recipients than the plan's emailTo: 'Thats too many people' with the trial pitch", () => {
    const seven = Array.from({ length: 7 }, (_, i) => `r${i}@example.com`);
    expect(say(limitProblem({ ...base, recipients: seven }))).toEqual({ title: 'Thats too many people', message: 'You can transfer files up to 50 people with a subscription', action: 'trial' });
    expect(limitProblem({ ...base, recipients: seven.slice(0, 6) })).toBeNull();
  });
  it("a subscriber over the recipients limit is told their plan's limit", () => {
    const many = Array.from({ length: 22 }, (_, i) => `r${i}@example.com`);
    expect(say(limitProblem({ ...base, role: 'PM', signedIn: true, recipients: many }))?.message).toBe('Your personal plan can transfer files to up to 21 people at a time.');
  });
  it('names the plan in Chinese in the Chinese interface', () => {
    const zh = createI18n('zh');
    const many = Array.from({ length: 22 }, (_, i) => `r${i}@example.com`);
    expect(tourText(zh.t as never, limitProblem({ ...base, role: 'PM', signedIn: true, recipients: many }) as never).message).toBe('您的 个人版 套餐每次最多可发送给 21 人。');
  });
  it("the server's refusals map to the catalogue's messages", () => {
    expect(say(serverProblem('LINK_PREMIUM_ONLY', 403))?.title).toBe('Copy link');
    expect(say(serverProblem('TOO_MANY_RECIPIENTS', 403))?.title).toBe('Thats too many people');
    expect(say(serverProblem('GRANT_FAILED', 503))?.title).toBe('Network Error - Could not get key');
    expect(say(serverProblem('INTERNAL', 500))?.title).toBe('Could not send Data');
    expect(say(serverProblem('NETWORK', 'network'))).toMatchObject({ title: 'Connection error', message: 'You can resume this transfer within 7 days' });
  });
  it('the refusals a subscription lifts offer the 7-day trial; the others do not', () => {
    for (const code of ['TOO_MANY_RECIPIENTS', 'TOO_MANY_FILES', 'LINK_PREMIUM_ONLY', 'EXPIRY_NOT_ALLOWED']) expect(serverProblem(code, 403).action).toBe('trial');
    for (const code of ['OVER_TRANSFER_LIMIT', 'GRANT_FAILED', 'INTERNAL']) expect(serverProblem(code, 403).action).toBeUndefined();
    expect(limitProblem({ ...base, fileCount: 51 })).toMatchObject({ key: 'errors.tooManyFiles', values: { plan: 'anon', limit: 50 }, action: 'trial' });
    expect(limitProblem({ ...base, role: 'PM', signedIn: true, fileCount: 51 })).toEqual({ key: 'errors.tooManyFiles', values: { plan: 'personal', limit: 50 } });
  });
});
