import type { TUploadGrant } from '@ferry/contracts';
import { runTries } from './retry-loop';
import { putSigned } from './signed-put';
import type { UploadContext } from './upload-context';
import { PartError } from './upload-errors';
import type { UploadedFile } from './upload-file.types';
import { UPLOAD_STATUS } from './upload-policy';

/** A file under 50 MB: one signed PUT of the whole file, tried as the retry loop allows. */
export async function uploadSingle(ctx: UploadContext, grant: TUploadGrant): Promise<UploadedFile> {
  const body = ctx.source.slice(0, ctx.source.size);
  const resign = async () => {
    const { single } = await ctx.api.sign(grant.uploadToken);
    if (!single) throw new PartError('No URL for this upload', 1);
    return single;
  };
  await runTries(ctx, async () => {
    ctx.emit({ type: 'status', status: UPLOAD_STATUS.transferring });
    await putSigned(ctx, { current: async () => grant.single ?? (await resign()), resign }, body, 1);
    return true;
  });
  ctx.report(ctx.source.size);
  return { fileId: grant.fileId, uploadToken: grant.uploadToken, bytesSent: ctx.source.size };
}
