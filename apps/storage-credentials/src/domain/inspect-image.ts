import { AppError } from '@ferry/contracts';
import { findComplete } from './stored-objects';
import type { StorageDeps } from './storage.deps';

/** The content type an image's first bytes prove, or null: PNG, JPEG and WebP signatures only. */
export function sniffImageType(head: Uint8Array): string | null {
  const startsWith = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

async function readHead(stream: AsyncIterable<Buffer | Uint8Array>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * A finished upload checked as a picture: the uploader's own, at most `maxBytes`, and its bytes
 * start with the signature of the image type it was granted (and is served) with. Anything else,
 * an HTML or SVG file named .png included, is refused.
 */
export async function inspectImage(deps: StorageDeps, request: { fileId: string; uploaderId: string; maxBytes: number }): Promise<{ contentType: string; size: number }> {
  const [row] = await findComplete(deps, [request.fileId]);
  if (!row || row.uploaderId !== request.uploaderId) throw new AppError('OBJECT_NOT_FOUND', { message: 'There is no such file' });
  const size = Number(row.size ?? row.declaredSize);
  if (size > request.maxBytes) {
    throw new AppError('IMAGE_TOO_LARGE', { message: `This picture is larger than ${request.maxBytes} bytes`, details: { maxBytes: request.maxBytes } });
  }
  const { driver } = deps.regions.byBucket(row.bucket);
  const head = await readHead(await driver.read({ bucket: row.bucket, key: row.key, start: 0, end: Math.min(size, 12) - 1 }));
  if (size < 12 || sniffImageType(head) !== row.contentType) {
    throw new AppError('IMAGE_TYPE_NOT_ALLOWED', { message: 'This file is not the PNG, JPEG or WebP image it claims to be' });
  }
  return { contentType: row.contentType, size };
}
