import type { TUploadGrant } from '@ferry/contracts';

/** Pairs each grant with the picked file it was given for (the server drops some and keeps the order of the rest). */
export function matchGrants(files: File[], grants: TUploadGrant[]): { file: File; grant: TUploadGrant }[] {
  const unused = [...files];
  return grants.map((grant) => {
    const at = unused.findIndex((f) => f.name === grant.name && f.size === grant.size);
    if (at < 0) throw new Error(`No picked file for the grant of ${grant.name}`);
    const [file] = unused.splice(at, 1);
    return { file: file as File, grant };
  });
}
