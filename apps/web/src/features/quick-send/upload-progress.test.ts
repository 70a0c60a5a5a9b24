import { describe, expect, it } from 'vitest';
import { applyUploadEvent, EMPTY_PROGRESS, warningKey } from './upload-progress';

describe('the progress view figures', () => {
  it('when the engine reports progress, a status and the next file, then the figures follow', () => {
    let progress = applyUploadEvent(EMPTY_PROGRESS, { type: 'file', index: 1, count: 3, name: 'b.mov', text: '2 of 3' });
    progress = applyUploadEvent(progress, { type: 'status', status: 'Transferring...' });
    progress = applyUploadEvent(progress, { type: 'progress', bytesUploaded: 50, totalBytes: 200, percent: 25, bytesPerSecond: 10, secondsLeft: 15 });
    expect(progress).toEqual({ percent: 25, status: 'Transferring...', bytesPerSecond: 10, secondsLeft: 15, fileIndex: 1, fileCount: 3, bytesUploaded: 50, totalBytes: 200 });
    expect(applyUploadEvent(progress, { type: 'part', partNumber: 3, bytes: 10 })).toBe(progress);
  });

  it.each([
    ['NotReadableError: the file could not be read', 'warnings.locked'],
    ['File not found', 'warnings.locked'],
    ['Network error ~ fetch failed', 'warnings.network'],
    ['Storage answered 500', 'warnings.slow'],
  ])('when a try fails with "%s", then the warning is %s', (message, key) => {
    expect(warningKey(message)).toBe(key);
  });
});
