import { STORAGE_RPC } from '@ferry/contracts';
import { requestRpcOnce } from '@ferry/bus';
import { reportRefusal, row, type AdminEnv, type AdminIo } from './admin-env';

/**
 * `rotate-master-key`: asks storage-credentials, deployed with the new STORAGE_MASTER_KEY and the old
 * one as STORAGE_MASTER_KEY_PREVIOUS, to re-wrap every data key of the local driver. Exit 1 while an
 * object is left that neither key opens (the previous key must stay until that is understood).
 */
export async function rotateMasterKeyNow(env: AdminEnv, io: AdminIo): Promise<number> {
  let unreadable = 0;
  const code = await reportRefusal(io, async () => {
    const report = await requestRpcOnce(env.natsUrl, STORAGE_RPC.rotateMasterKey, {}, env.nats);
    io.out(row('key', report.keyId));
    io.out(row('rewrapped', report.rewrapped));
    io.out(row('already current', report.alreadyCurrent));
    io.out(row('unreadable', report.unreadableCount));
    for (const path of report.unreadable) io.out(row('unreadable', path));
    unreadable = report.unreadableCount;
  });
  return code === 0 && unreadable > 0 ? 1 : code;
}
