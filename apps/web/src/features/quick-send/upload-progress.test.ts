import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadFilesEvent } from '@ferry/upload-engine';
import { applyUploadEvent, createEventPacer, EMPTY_PROGRESS, warningKey } from './upload-progress';

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

describe('the progress pacer', () => {
  afterEach(() => void vi.useRealTimers());
  const progress = (bytesUploaded: number): UploadFilesEvent => ({ type: 'progress', bytesUploaded, totalBytes: 100, percent: bytesUploaded, bytesPerSecond: 1, secondsLeft: 1 });

  it('when parts land every few milliseconds, then the view gets their part and progress events in one batch per interval', () => {
    vi.useFakeTimers();
    const batches: UploadFilesEvent[][] = [];
    const pacer = createEventPacer<UploadFilesEvent>((events) => batches.push(events), 250);
    for (let i = 1; i <= 10; i += 1) {
      pacer.push({ type: 'part', partNumber: i, bytes: 1 });
      pacer.push(progress(i));
    }
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.filter((e) => e.type === 'progress').map((e) => (e.type === 'progress' ? e.bytesUploaded : -1))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    vi.advanceTimersByTime(1000);
    expect(batches).toHaveLength(1);
  });

  it('when a status or the next file comes, then it is handed on at once after the progress before it', () => {
    vi.useFakeTimers();
    const batches: UploadFilesEvent[][] = [];
    const pacer = createEventPacer<UploadFilesEvent>((events) => batches.push(events), 250);
    pacer.push(progress(5));
    pacer.push({ type: 'status', status: 'Transferring...' });
    expect(batches.map((b) => b.map((e) => e.type))).toEqual([['progress', 'status']]);
    pacer.push(progress(6));
    pacer.flush();
    pacer.push(progress(7));
    pacer.stop();
    vi.advanceTimersByTime(1000);
    expect(batches.map((b) => b.map((e) => e.type))).toEqual([['progress', 'status'], ['progress']]);
  });
});
