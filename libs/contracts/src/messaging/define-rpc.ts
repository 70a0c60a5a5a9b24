import type { z } from 'zod';

/** A request/reply operation on subject `svc.<service>.<verb-noun>`. */
export interface RpcDef<TReq, TRes> {
  readonly subject: string;
  readonly service: string;
  readonly request: z.ZodType<TReq>;
  readonly response: z.ZodType<TRes>;
  /** How long a caller waits for the reply by default: declared here, never as a literal at the call. */
  readonly timeoutMs: number;
}

export interface DefineRpcOptions {
  /** 10 s unless the operation is known to take longer (completing a multi-GiB upload, copying objects). */
  timeoutMs?: number;
}

export const DEFAULT_RPC_TIMEOUT_MS = 10_000;

export function defineRpc<TReq, TRes>(
  subject: string,
  request: z.ZodType<TReq>,
  response: z.ZodType<TRes>,
  options: DefineRpcOptions = {},
): RpcDef<TReq, TRes> {
  const match = /^svc\.([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)$/.exec(subject);
  if (!match) throw new Error(`RPC subject must be svc.<service>.<verb-noun>: ${subject}`);
  return { subject, service: match[1] as string, request, response, timeoutMs: options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS };
}
