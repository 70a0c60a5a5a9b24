import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { UploadSource } from '../upload-file.types';

/** A file on disk as an upload source; each read opens, reads and closes, so nothing leaks on cancel. */
export async function fileSource(path: string, options: { name?: string; checkpointKey?: string } = {}): Promise<UploadSource> {
  const info = await stat(path);
  return {
    name: options.name ?? basename(path),
    size: info.size,
    path: options.checkpointKey ?? path,
    async read(start, end) {
      const handle = await open(path, 'r');
      try {
        const out = Buffer.allocUnsafe(end - start);
        let done = 0;
        while (done < out.length) {
          const { bytesRead } = await handle.read(out, done, out.length - done, start + done);
          if (bytesRead === 0) throw new Error(`${path} is shorter than it was`);
          done += bytesRead;
        }
        return out;
      } finally {
        await handle.close();
      }
    },
  };
}
