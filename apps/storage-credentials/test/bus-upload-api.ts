import type { Bus } from '@ferry/bus';
import { STORAGE_RPC } from '@ferry/contracts';
import type { UploadApi } from '@ferry/upload-engine';

/** The engine's API straight over the bus, as a Node service next to storage would use it. */
export function busUploadApi(bus: Bus): UploadApi {
  return {
    sign: (uploadToken, parts) => bus.request(STORAGE_RPC.signUpload, { uploadToken, parts }),
    listParts: async (uploadToken) => (await bus.request(STORAGE_RPC.listUploadParts, { uploadToken })).parts,
    abort: async (uploadToken) => {
      await bus.request(STORAGE_RPC.abortUpload, { uploadToken });
    },
  };
}
