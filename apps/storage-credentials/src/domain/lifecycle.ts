import type { StorageDeps } from './storage.deps';

/**
 * Removes multipart uploads nobody finished within the resumable window (7 days), in every
 * bucket, whether or not they were recorded here, expired ZIP links, and the signed part sizes
 * of uploads that are closed.
 */
export async function removeStaleUploads(deps: StorageDeps, options: { maxAgeMs: number }): Promise<{ aborted: number }> {
  const cutoff = new Date(deps.clock().getTime() - options.maxAgeMs);
  const seen = new Set<string>();
  let aborted = 0;
  for (const place of deps.regions.all()) {
    const at = `${place.driver.name}|${place.bucket}`;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const upload of await place.driver.listMultipartUploads({ bucket: place.bucket })) {
      if (upload.initiated >= cutoff) continue;
      await place.driver.abortMultipartUpload({ bucket: place.bucket, key: upload.key, uploadId: upload.uploadId });
      await deps.store.markAbortedByUploadId(place.bucket, upload.uploadId);
      aborted += 1;
    }
  }
  // Single PUTs that never arrived leave only a row behind.
  const stale = await deps.store.findStaleUploads(cutoff);
  await deps.store.markStatus(stale.filter((r) => !r.uploadId).map((r) => r.fileId), 'aborted', deps.clock());
  await deps.store.deleteExpiredZipGrants(deps.clock());
  await deps.signedParts.forgetClosedUploads();
  return { aborted };
}
