import { STORAGE_RPC, type TUploadGrant } from '@ferry/contracts';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** Aborts run a few at a time: a failed batch of 10 000 files must not flood storage. */
const ABORTS_AT_ONCE = 16;

/**
 * Asks storage for a grant per file, then `record`s them (the rows that make the uploads part of
 * a transfer or a request). When recording fails, every grant is aborted before the error goes
 * on, so storage holds no upload that nothing refers to.
 */
export async function grantUploads<T>(
  deps: Pick<TransfersDeps, 'bus' | 'log'>,
  request: RpcRequest<typeof STORAGE_RPC.createUploadGrants>,
  record: (grants: TUploadGrant[]) => Promise<T>,
): Promise<{ grants: TUploadGrant[]; recorded: T }> {
  const { grants } = await deps.bus.request(STORAGE_RPC.createUploadGrants, request);
  try {
    if (grants.length !== request.files.length) throw new Error(`Storage answered ${grants.length} grants for ${request.files.length} files`);
    return { grants, recorded: await record(grants) };
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
