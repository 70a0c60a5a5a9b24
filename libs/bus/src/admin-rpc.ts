import { AppError, toValidationError, type RpcDef, type TAppErrorJson } from '@ferry/contracts';
import { withNats, type AdminNatsOptions } from './jetstream-admin';
import { natsNames } from './nats-names';
import { noRespondersError, readRpcReply, SERVICE_ERROR_CODE_HEADER, SERVICE_TIMEOUT_MESSAGE, type RpcReply } from './rpc-codec';

/**
 * One RPC call from an operator command, on a connection of its own that touches no stream. The
 * service's refusal comes back as its AppError, as through the bus.
 */
export function requestRpcOnce<TReq, TRes>(url: string, rpc: RpcDef<TReq, TRes>, request: TReq, options: AdminNatsOptions = {}): Promise<TRes> {
  const checked = rpc.request.safeParse(request);
  if (!checked.success) return Promise.reject(toValidationError(checked.error, 'request'));
  return withNats(url, options.credentials, async (nc) => {
    const msg = await nc.request(natsNames(options.prefix).wire(rpc.subject), new TextEncoder().encode(JSON.stringify(checked.data)), { timeout: rpc.timeoutMs }).catch((error: unknown) => {
      const text = String((error as Error)?.message ?? error);
      if (/no responders|503/i.test(text)) throw noRespondersError();
      if (/timeout/i.test(text)) throw new AppError('SERVICE_TIMEOUT', { message: SERVICE_TIMEOUT_MESSAGE });
      throw error;
    });
    const body: unknown = msg.data.length === 0 ? null : msg.json();
    const reply: RpcReply = msg.headers?.has(SERVICE_ERROR_CODE_HEADER) ? { ok: false, error: (body as { error: TAppErrorJson }).error } : { ok: true, data: body };
    return readRpcReply<TRes>(rpc, reply);
  });
}
