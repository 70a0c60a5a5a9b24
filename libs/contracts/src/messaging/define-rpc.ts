import type { z } from 'zod';

/** A request/reply operation on subject `svc.<service>.<verb-noun>`. */
export interface RpcDef<TReq, TRes> {
  readonly subject: string;
  readonly service: string;
  readonly request: z.ZodType<TReq>;
  readonly response: z.ZodType<TRes>;
}

export function defineRpc<TReq, TRes>(
  subject: string,
  request: z.ZodType<TReq>,
  response: z.ZodType<TRes>,
): RpcDef<TReq, TRes> {
  const match = /^svc\.([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)$/.exec(subject);
  if (!match) throw new Error(`RPC subject must be svc.<service>.<verb-noun>: ${subject}`);
  return { subject, service: match[1] as string, request, response };
}
