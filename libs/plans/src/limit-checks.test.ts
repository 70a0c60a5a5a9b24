import { describe, expect, it } from 'vitest';
import {
  checkFileCount,
  checkRecipients,
  checkStorage,
  checkTransferLimits,
  checkUploadSize,
  FREE_MONTHLY_TRANSFER_CAP,
  isMonthlyCapReached,
} from './limit-checks';

const GB = 1024 ** 3;

describe('checkUploadSize', () => {
  it('when the total equals the plan limit, then it is ok', () => {
    expect(checkUploadSize('free', 3 * GB)).toEqual({ ok: true });
  });

  it('when the total is over the limit, then it names the plan, the limit and the excess', () => {
    expect(checkUploadSize('free', 4.5 * GB)).toEqual({
      ok: false,
      code: 'OVER_TRANSFER_LIMIT',
      title: 'Over transfer limit',
      message: 'Your free plan is limited to 3 GB transfers. Your 1.5 GB over your limit.',
      limit: 3 * GB,
      actual: 4.5 * GB,
    });
  });

  it('when given a plan code, then its role limit applies', () => {
    expect(checkUploadSize('PRM', 20 * GB).ok).toBe(true);
    expect(checkUploadSize('PM', 20 * GB)).toMatchObject({ ok: false, message: expect.stringContaining('Your personal plan is limited to 10 GB') });
  });

  it('when the size is negative or not a number, then it throws rather than letting it through', () => {
    expect(() => checkUploadSize('free', -1)).toThrow(RangeError);
    expect(() => checkUploadSize('free', Number.NaN)).toThrow(RangeError);
  });
});

describe('checkRecipients', () => {
  it('when the count is at the limit, then it is ok', () => {
    expect(checkRecipients('free', 6)).toEqual({ ok: true });
    expect(checkRecipients('pro', 50)).toEqual({ ok: true });
  });

  it('when a free user adds one too many, then the trial is offered with the product copy', () => {
    expect(checkRecipients('anon', 7)).toEqual({
      ok: false,
      code: 'TOO_MANY_RECIPIENTS',
      title: 'Thats too many people',
      message: 'You can transfer files up to 50 people with a subscription',
      action: { label: 'Get 7-day trial', kind: 'startTrial' },
      limit: 6,
      actual: 7,
    });
  });

  it('when a subscriber goes over, then the message names their own limit and offers no trial', () => {
    const result = checkRecipients('BM', 101);
    expect(result).toMatchObject({ ok: false, code: 'TOO_MANY_RECIPIENTS', limit: 100 });
    expect(result.ok === false && result.message).toContain('up to 100 people');
    expect(result.ok === false && result.action).toBeUndefined();
  });
});

describe('checkFileCount', () => {
  it('when the count is within the file limit, then it is ok', () => {
    expect(checkFileCount('pro', 250)).toEqual({ ok: true });
  });

  it('when the count is over, then TOO_MANY_FILES names the limit', () => {
    expect(checkFileCount('free', 51)).toMatchObject({ ok: false, code: 'TOO_MANY_FILES', limit: 50, actual: 51 });
  });

  it('when the plan has no file limit, then any count is ok', () => {
    expect(checkFileCount('team', 1_000_000)).toEqual({ ok: true });
  });
});

describe('checkTransferLimits', () => {
  const files = (count: number, size = 1) => Array.from({ length: count }, () => ({ size }));

  it('when every limit holds, then it is ok', () => {
    expect(checkTransferLimits('free', { files: files(50), recipientCount: 6 })).toEqual({ ok: true });
  });

  it('when size, recipients and file count all break, then the size is reported first', () => {
    expect(checkTransferLimits('free', { files: files(51, 0.1 * GB), recipientCount: 7 })).toMatchObject({ ok: false, code: 'OVER_TRANSFER_LIMIT' });
  });

  it('when recipients and file count break, then the recipients come before the file count', () => {
    expect(checkTransferLimits('free', { files: files(51), recipientCount: 7 })).toMatchObject({ ok: false, code: 'TOO_MANY_RECIPIENTS' });
  });

  it('when the transfer has no recipients to count, then only size and file count apply', () => {
    expect(checkTransferLimits('free', { files: files(51) })).toMatchObject({ ok: false, code: 'TOO_MANY_FILES', limit: 50, actual: 51 });
    expect(checkTransferLimits('free', { files: files(3) })).toEqual({ ok: true });
  });
});

describe('checkStorage', () => {
  it.each([
    [0, 'ok'],
    [8.99 * GB, 'ok'],
    [9 * GB, 'almostFull'],
    [10 * GB - 1, 'almostFull'],
    [10 * GB, 'full'],
    [12 * GB, 'full'],
  ] as const)('when a free user has used %d bytes, then storage is %s', (used, state) => {
    expect(checkStorage('free', used)).toBe(state);
  });

  it('when the role has more storage, then the same usage is fine', () => {
    expect(checkStorage('business', 12 * GB)).toBe('ok');
  });
});

describe('isMonthlyCapReached', () => {
  it('when a free user has sent 9 this month, then not yet; at 10, then yes', () => {
    expect(isMonthlyCapReached('Free', FREE_MONTHLY_TRANSFER_CAP - 1)).toBe(false);
    expect(isMonthlyCapReached('Free', FREE_MONTHLY_TRANSFER_CAP)).toBe(true);
  });

  it('when the role is unknown, then the free cap applies too', () => {
    expect(isMonthlyCapReached('gold', 10)).toBe(true);
  });

  it('when the user pays, then there is no monthly cap', () => {
    expect(isMonthlyCapReached('PM', 500)).toBe(false);
  });
});
