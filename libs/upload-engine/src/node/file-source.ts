import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { UploadSource } from '../upload-file.types';
import { markFileRange, withFileBodies } from './file-fetch';

/**
 * A file on disk as an upload source. A part is a lazy slice: nothing is read until it is sent,
 * and then `withFileBodies` streams it from the file in small reused chunks (file-fetch.ts), so
 * client memory does not grow with the part or the file size, the next chunk is read while the
 * current one is on the wire, and a part sent again is read from the file again. The slices are
 * Blobs of `openAsBlob`, so any other fetch still sends the right bytes (holding each part whole).
 */
export async function fileSource(path: string, options: { name?: string; checkpointKey?: string } = {}): Promise<UploadSource> {
  const info = await stat(path);
  const blob = await openAsBlob(path);
  return {
    name: options.name ?? basename(path),
    size: info.size,
    path: options.checkpointKey ?? path,
    slice: (start, end) => markFileRange(blob.slice(start, end), { path, start, end }),
    sender: withFileBodies,
  };
}
