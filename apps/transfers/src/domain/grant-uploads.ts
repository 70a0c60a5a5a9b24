import { STORAGE_RPC, type TCaller, type TGrantOwner, type TUploadGrant } from '@ferry/contracts';
import { userGrantOwner } from '@ferry/plans';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** Aborts run a few at a time: a failed batch of 10 000 files must not flood storage. */
const ABORTS_AT_ONCE = 16;

/** The storage a sender's uploads go to: the slug for anonymous senders, the admin's root for team members. */
export function grantOwnerFor(caller: TCaller | null, slug: string): TGrantOwner {
  if (!caller) return { type: 'anonUpload', slug };
  return userGrantOwner(caller);
}

/** A granted upload with the file it was asked for (storage answers one grant per file, in order). */
export interface GrantedFile<F> {
  grant: TUploadGrant;
  file: F;
}

/**
 * Asks storage for a grant per file, then `record`s them (the rows that make the uploads part of
 * a transfer or a request). When recording fails, every grant is aborted before the error goes
 * on, so storage holds no upload that nothing refers to.
 */
export async function grantUploads<F extends { name: string; size: number; contentType?: string }, T>(
  deps: Pick<TransfersDeps, 'bus' | 'log'>,
  request: Omit<RpcRequest<typeof STORAGE_RPC.createUploadGrants>, 'files'> & { files: F[] },
  record: (granted: GrantedFile<F>[]) => Promise<T>,
): Promise<{ grants: TUploadGrant[]; recorded: T }> {
  const files = request.files.map((f) => ({ name: f.name, size: f.size, contentType: f.contentType }));
  const { grants } = await deps.bus.request(STORAGE_RPC.createUploadGrants, { ...request, files });
  try {
    const granted = request.files.flatMap((file, index) => {
      const grant = grants[index];
      return grant ? [{ grant, file }] : [];
    });
    if (grants.length !== files.length) throw new Error(`Storage answered ${grants.length} grants for ${files.length} files`);
    return { grants, recorded: await record(granted) };
  } catch (error) {
    await abortGrants(deps, grants);
    throw error;
  }
}

async function abortGrants(deps: Pick<TransfersDeps, 'bus' | 'log'>, grants: TUploadGrant[]): Promise<void> {
  for (let i = 0; i < grants.length; i += ABORTS_AT_ONCE) {
    await Promise.all(
      grants.slice(i, i + ABORTS_AT_ONCE).map((grant) =>
        deps.bus.request(STORAGE_RPC.abortUpload, { uploadToken: grant.uploadToken }).catch((error: unknown) => {
          deps.log.error({ err: error, fileId: grant.fileId }, 'could not abort the grant of an unrecorded upload');
        }),
      ),
    );
  }
}
