import { TRANSFERS_RPC, ZSlug } from '@ferry/contracts';
import { requestRpcOnce } from '@ferry/bus';
import { reportRefusal, row, type AdminEnv, type AdminIo } from './admin-env';

/** `purge-transfer <slug>`: an expired (or deleted) transfer's objects deleted now, not after the grace period. */
export async function purgeTransferNow(env: AdminEnv, io: AdminIo, slug: string | undefined): Promise<number> {
  const parsed = ZSlug.safeParse(slug);
  if (!parsed.success) {
    io.err('purge-transfer takes the transfer\'s slug: 7 letters or digits');
    return 2;
  }
  return reportRefusal(io, async () => {
    const result = await requestRpcOnce(env.natsUrl, TRANSFERS_RPC.purge, { slug: parsed.data }, env.nats);
    io.out(result.purged ? row('purged', result.transferId, `${result.files} files`) : row('already purged', result.transferId));
  });
}
