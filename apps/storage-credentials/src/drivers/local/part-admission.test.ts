import { describe, expect, it } from 'vitest';
import { createPartAdmission } from './part-admission';

const limits = { maxParts: 3, maxBytes: 8 };
const nothingStored = async () => [];

describe('part admission at the door', () => {
  it('when a part number is PUT again while its first PUT is still counted, then the newer one supersedes it instead of adding to it', async () => {
    const admission = createPartAdmission();
    // A client went away mid-part (its PUT not yet released) and came back with the same part.
    await admission.admit('u1', 1, limits, 4, nothingStored);
    await admission.admit('u1', 1, limits, 4, nothingStored);
    await expect(admission.admit('u1', 2, limits, 4, nothingStored)).resolves.toMatchObject({ bytes: 4 });
    await expect(admission.admit('u1', 3, limits, 1, nothingStored)).rejects.toThrow(/0 are left/);
  });

  it('when an older PUT of a part is released after a newer one was admitted, then the newer one still counts', async () => {
    const admission = createPartAdmission();
    const older = await admission.admit('u2', 1, limits, 4, nothingStored);
    await admission.admit('u2', 1, limits, 4, nothingStored);
    await older.release();
    await expect(admission.admit('u2', 2, limits, 5, nothingStored)).rejects.toThrow(/4 are left/);
  });

  it('when a part is on disk while its promise is still held, then it counts once, not twice', async () => {
    const admission = createPartAdmission();
    await admission.admit('u3', 1, limits, 4, nothingStored);
    // Part 1 has just been written (its file is there) and its promise is not given back yet.
    const onDisk = async () => [{ partNumber: 1, size: 4 }];
    await expect(admission.admit('u3', 2, limits, 4, onDisk)).resolves.toMatchObject({ bytes: 4 });
  });
});
