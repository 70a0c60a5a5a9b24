import { AppError, isAppError, parseOrThrow, type TAppErrorJson } from '@ferry/contracts';
import { recordRpcServed } from './bus-metrics';
import type { AnyRpcDef, BusLogger } from './bus.types';

/** Headers that mark a service error on a reply, as the NATS services framework does. */
export const SERVICE_ERROR_HEADER = 'Nats-Service-Error';
export const SERVICE_ERROR_CODE_HEADER = 'Nats-Service-Error-Code';

/** What a caller is told when a service is down or slow; subjects stay in the logs, never in answers. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, try again shortly';

/** The cause of a SERVICE_UNAVAILABLE that never reached a service: nobody served the subject. */
const NO_RESPONDERS = Object.freeze({ reason: 'no responders' });

export function noRespondersError(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', { message: SERVICE_UNAVAILABLE_MESSAGE, cause: NO_RESPONDERS });
}

/** True when the request was delivered to nobody, so sending it again cannot apply it twice. */
export function isNoResponders(error: unknown): boolean {
  return isAppError(error) && error.cause === NO_RESPONDERS;
}
export const SERVICE_TIMEOUT_MESSAGE = 'The service took too long to answer, try again shortly';

export type RpcReply = { ok: true; data: unknown } | { ok: false; error: TAppErrorJson };

/** Runs a handler with validation at both ends and turns any failure into a safe AppError reply. */
export async function runRpcHandler(
  rpc: AnyRpcDef,
  fn: (request: unknown) => Promise<unknown>,
  rawRequest: unknown,
  log: BusLogger,
): Promise<RpcReply> {
  const startedAt = performance.now();
  const reply = await answerRpc(rpc, fn, rawRequest, log);
  recordRpcServed(rpc.subject, (performance.now() - startedAt) / 1000, reply.ok ? 'ok' : reply.error.code);
  return reply;
}

async function answerRpc(rpc: AnyRpcDef, fn: (request: unknown) => Promise<unknown>, rawRequest: unknown, log: BusLogger): Promise<RpcReply> {
  try {
    const request = parseOrThrow(rpc.request, rawRequest, 'request');
    const response = await fn(request);
    const checked = rpc.response.safeParse(response);
    if (!checked.success) {
      log.error({ subject: rpc.subject, issues: checked.error.issues }, 'handler returned a reply that breaks its contract');
      return { ok: false, error: new AppError('INTERNAL', { message: 'Something went wrong' }).toJSON() };
    }
    return { ok: true, data: checked.data };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: error.toJSON() };
    log.error({ subject: rpc.subject, err: error }, 'handler failed');
    return { ok: false, error: new AppError('INTERNAL', { message: 'Something went wrong' }).toJSON() };
  }
}

/** Rebuilds the caller's view of a reply: validated data, or the remote AppError thrown here. */
export function readRpcReply<TRes>(rpc: AnyRpcDef, reply: RpcReply): TRes {
  if (!reply.ok) throw AppError.fromJSON(reply.error);
  const checked = rpc.response.safeParse(reply.data);
  if (!checked.success) {
    throw new AppError('INTERNAL', { message: `Reply of ${rpc.subject} broke its contract` });
  }
  return checked.data as TRes;
}
