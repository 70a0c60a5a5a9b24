import { describe, expect, it } from 'vitest';
import {
  CHECKPOINT_MAX_AGE_MS,
  KB,
  MAX_ATTEMPTS,
  MB,
  canRetry,
  defaultPartSize,
  isCheckpointUsable,
  isMultipart,
  parallelismFor,
  partSizeFor,
  shouldWarn,
  waitBeforeAttempt,
} from './upload-policy';

const tries = Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1);

describe('upload policy (PRODUCT.md section 4 and 9)', () => {
  it('when a file is 50 MB or more, then it goes multipart; below, one signed PUT', () => {
    expect(isMultipart(50 * MB - 1)).toBe(false);
    expect(isMultipart(50 * MB)).toBe(true);
  });

  it('when the connection type is known, then the default part size follows it', () => {
    expect(['slow-2g', '2g', '3g', '4g', undefined, 'wifi'].map(defaultPartSize)).toEqual([128 * KB, 256 * KB, 512 * KB, 2 * MB, 2 * MB, 2 * MB]);
  });

  it('when tries go on, then parallelism is 4, 3 from try 3, 2 from try 5', () => {
    expect(tries.map(parallelismFor)).toEqual([4, 4, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('when tries go on, then a 2 MB part shrinks to 1 MB on try 5 and 512 KB on try 10', () => {
    expect(tries.map((t) => partSizeFor(t, { basePartSize: 2 * MB }) / KB)).toEqual([
      2048, 2048, 2048, 2048, 1024, 1024, 1024, 1024, 1024, 512, 512, 512, 512, 512, 512,
    ]);
  });

  it('when the part is already small, then retries never make it bigger', () => {
    expect(partSizeFor(5, { basePartSize: 256 * KB })).toBe(256 * KB);
    expect(partSizeFor(12, { basePartSize: 128 * KB })).toBe(128 * KB);
  });

  it('when the driver has a minimum part size, then shrinking stops there', () => {
    expect(partSizeFor(10, { basePartSize: 8 * MB, minPartSize: 5 * MB })).toBe(5 * MB);
  });

  it('when tries go on, then warnings come on tries 2, 5 and 10 and waits of 1 s after try 4', () => {
    expect(tries.filter(shouldWarn)).toEqual([2, 5, 10]);
    expect(tries.map(waitBeforeAttempt)).toEqual([0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]);
  });

  it('when 15 tries have failed, then there is no 16th', () => {
    expect(canRetry(14)).toBe(true);
    expect(canRetry(15)).toBe(false);
  });

  it('when a checkpoint is found, then it resumes only if name and size match and it is under 7 days old', () => {
    const now = Date.now();
    const file = { name: 'film.mov', size: 300 * MB };
    expect(isCheckpointUsable({ name: 'film.mov', fileSize: 300 * MB, savedAt: now - 1000 }, file, now)).toBe(true);
    expect(isCheckpointUsable({ name: 'film.mp4', fileSize: 300 * MB, savedAt: now }, file, now)).toBe(false);
    expect(isCheckpointUsable({ name: 'film.mov', fileSize: 300 * MB + 1, savedAt: now }, file, now)).toBe(false);
    expect(isCheckpointUsable({ name: 'film.mov', fileSize: 300 * MB, savedAt: now - CHECKPOINT_MAX_AGE_MS }, file, now)).toBe(false);
    expect(isCheckpointUsable(undefined, file, now)).toBe(false);
  });
});
