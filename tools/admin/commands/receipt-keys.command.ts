import { RECEIPTS_RPC } from '@ferry/contracts';
import { requestRpcOnce } from '@ferry/bus';
import { reportRefusal, row, type AdminEnv, type AdminIo } from './admin-env';

/**
 * `receipt-keys rotate`: transfers signs new delivery receipts with a fresh Ed25519 key; the old
 * key stays in /.well-known/ferry-receipt-keys.json (retired), so receipts it signed still verify.
 * Other transfers replicas take the new key within a minute.
 */
export async function rotateReceiptKeyNow(env: AdminEnv, io: AdminIo): Promise<number> {
  return reportRefusal(io, async () => {
    const rotated = await requestRpcOnce(env.natsUrl, RECEIPTS_RPC.rotateKey, {}, env.nats);
    io.out(row('signing key', rotated.kid));
    for (const kid of rotated.retired) io.out(row('retired', kid));
  });
}
