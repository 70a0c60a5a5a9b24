import { AppError } from '@ferry/contracts';
import { describe, expect, it } from 'vitest';
import { assertTransferLimits, limitError } from './limit-error';
import { TRIAL_ACTION } from './limit-checks';

const GB = 1024 ** 3;

describe('limitError', () => {
  it('when a limit is broken, then the error keeps its code, message, figures and the offered trial', () => {
    const error = limitError({ ok: false, code: 'TOO_MANY_FILES', title: 'Too many files', message: 'Limited to 50 files.', limit: 50, actual: 51, action: TRIAL_ACTION });
    expect(error).toBeInstanceOf(AppError);
    expect(error.toJSON()).toEqual({
      code: 'TOO_MANY_FILES',
      status: 403,
      message: 'Limited to 50 files.',
      details: { title: 'Too many files', limit: 50, actual: 51, action: { label: 'Get 7-day trial', kind: 'startTrial' } },
    });
  });
});

describe('assertTransferLimits', () => {
  it('when the transfer fits the plan, then nothing is thrown', () => {
    expect(() => assertTransferLimits('pro', { files: [{ size: 20 * GB }], recipientCount: 50 })).not.toThrow();
  });

  it('when the transfer is over the size limit, then OVER_TRANSFER_LIMIT is thrown without an action', () => {
    expect(() => assertTransferLimits('free', { files: [{ size: 4 * GB }] })).toThrow(
      expect.objectContaining({ code: 'OVER_TRANSFER_LIMIT', status: 403, details: { title: 'Over transfer limit', limit: 3 * GB, actual: 4 * GB } }),
    );
  });
});
