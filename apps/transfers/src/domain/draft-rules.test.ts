import { AppError } from '@ferry/contracts';
import { describe, expect, it } from 'vitest';
import { checkDraftLimits, dedupeRecipients, filterDraftFiles, normalisePath, resolveExpiry } from './draft-rules';

const file = (name: string, path?: string, size = 10) => ({ name, size, path, kind: 'file' as const });
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return 'no error';
};

describe('filterDraftFiles', () => {
  it('removes html, htm and exe files of anonymous senders as insecure, and keeps them for users', () => {
    const files = [file('index.html'), file('page.HTM'), file('setup.exe'), file('report.pdf')];
    const anon = filterDraftFiles(files, { anonymous: true });
    expect(anon.kept.map((f) => f.name)).toEqual(['report.pdf']);
    expect(anon.dropped.map((d) => [d.name, d.reason, d.title])).toEqual([
      ['index.html', 'insecureType', 'Insecure file type'],
      ['page.HTM', 'insecureType', 'Insecure file type'],
      ['setup.exe', 'insecureType', 'Insecure file type'],
    ]);
    expect(filterDraftFiles(files, { anonymous: false }).kept).toHaveLength(4);
  });

  it('removes release-style mp4/mkv names of anonymous senders (1080p, 2160p, webrip, WEB-DL, YTS.MX, eztv, S01-S06)', () => {
    const names = ['Movie.1080p.mp4', 'x.2160p.mkv', 'a.WEBRip.mp4', 'b.WEB-DL.mkv', 'c [YTS.MX].mp4', 'd.eztv.mkv', 'Show.S01E02.mp4', 'Show.s06.mkv'];
    const result = filterDraftFiles([...names.map((n) => file(n)), file('Show.S07E01.mp4'), file('holiday.mp4'), file('notes.1080p.txt')], { anonymous: true });
    expect(result.dropped.map((d) => d.name)).toEqual(names);
    expect(result.dropped.every((d) => d.title === 'File removed' && d.reason === 'copyright')).toBe(true);
    expect(result.kept.map((f) => f.name)).toEqual(['Show.S07E01.mp4', 'holiday.mp4', 'notes.1080p.txt']);
  });

  it('drops duplicates: the same relative path, or the same name without a path', () => {
    const result = filterDraftFiles([file('a.txt'), file('a.txt'), file('a.txt', 'docs'), file('a.txt', '/docs/'), file('a.txt', 'other')], { anonymous: false });
    expect(result.kept.map((f) => [f.path, f.name])).toEqual([
      [null, 'a.txt'],
      ['docs', 'a.txt'],
      ['other', 'a.txt'],
    ]);
    expect(result.dropped.map((d) => d.reason)).toEqual(['duplicate', 'duplicate']);
  });

  it('normalises folder paths', () => {
    expect(normalisePath('\\photos\\2026\\')).toBe('photos/2026');
    expect(normalisePath('')).toBeNull();
    expect(normalisePath(undefined)).toBeNull();
  });
});

describe('dedupeRecipients', () => {
  it('keeps the first of case-insensitive duplicates, lower-cased', () => {
    expect(dedupeRecipients([{ email: 'Ann@Example.com', name: 'Ann' }, { email: 'ann@example.com' }, { email: 'bob@example.com' }])).toEqual([
      { email: 'ann@example.com', name: 'Ann' },
      { email: 'bob@example.com' },
    ]);
  });
});

describe('checkDraftLimits', () => {
  const GB = 1024 ** 3;
  it('refuses more than the plan uploads with the product message', () => {
    try {
      checkDraftLimits('free', [{ size: 4 * GB }], 1);
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).code).toBe('OVER_TRANSFER_LIMIT');
      expect((error as AppError).message).toMatch(/^Your free plan is limited to 3 GB transfers\. Your 1 GB over your limit\.$/);
      expect((error as AppError).details?.['title']).toBe('Over transfer limit');
    }
  });
  it('refuses too many recipients with "Thats too many people"', () => {
    expect(codeOf(() => checkDraftLimits('anon', [{ size: 1 }], 7))).toBe('TOO_MANY_RECIPIENTS');
    expect(codeOf(() => checkDraftLimits('anon', [{ size: 1 }], 6))).toBe('no error');
    expect(codeOf(() => checkDraftLimits('PRM', [{ size: 1 }], 50))).toBe('no error');
  });
  it('refuses more files than the plan allows', () => {
    expect(codeOf(() => checkDraftLimits('anon', Array.from({ length: 51 }, () => ({ size: 1 })), 1))).toBe('TOO_MANY_FILES');
    expect(codeOf(() => checkDraftLimits('anon', Array.from({ length: 50 }, () => ({ size: 1 })), 1))).toBe('no error');
  });
});

describe('resolveExpiry', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('defaults to one week', () => {
    expect(resolveExpiry('anon', {}, now)).toEqual({ seconds: 604_800, date: new Date('2026-11-30T12:00:00Z') });
  });
  it('allows only 1 Week for free and anonymous senders', () => {
    for (const role of ['anon', 'free']) {
      expect(codeOf(() => resolveExpiry(role, { expirySeconds: 2_629_746 }, now))).toBe('EXPIRY_NOT_ALLOWED');
      expect(codeOf(() => resolveExpiry(role, { expiryDate: now.getTime() + 3_600_000 }, now))).toBe('EXPIRY_NOT_ALLOWED');
    }
    expect(resolveExpiry('PRM', { expirySeconds: 31_536_000 }, now).seconds).toBe(31_536_000);
  });
  it('takes a custom date from 30 minutes to 1 year ahead', () => {
    const min = now.getTime() + 30 * 60_000;
    const max = now.getTime() + 31_536_000_000;
    expect(resolveExpiry('PRM', { expiryDate: min }, now).date.getTime()).toBe(min);
    expect(resolveExpiry('PRM', { expirySeconds: 604_801, expiryDate: max }, now).date.getTime()).toBe(max);
    expect(codeOf(() => resolveExpiry('PRM', { expiryDate: min - 1 }, now))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => resolveExpiry('PRM', { expiryDate: max + 1 }, now))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => resolveExpiry('PRM', { expirySeconds: 604_801 }, now))).toBe('VALIDATION_FAILED');
  });
  it('refuses a duration that is not one of the choices', () => {
    expect(codeOf(() => resolveExpiry('PRM', { expirySeconds: 1234 }, now))).toBe('VALIDATION_FAILED');
  });
});
