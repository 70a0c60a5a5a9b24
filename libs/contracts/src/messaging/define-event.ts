import { z } from 'zod';

/** Every event payload carries its own id; it is the JetStream Nats-Msg-Id and the inbox key. */
export const ZEventBase = z.object({ eventId: z.uuid() });

/** A fact on subject `evt.<aggregate>.<past-tense>`, with a version for backward-compatible growth. */
export interface EventDef<T extends { eventId: string }> {
  readonly subject: string;
  readonly version: number;
  readonly schema: z.ZodType<T>;
  /** Secret string fields (codes, tokens): the NATS transport encrypts them on the wire and in the stream. */
  readonly sealed: readonly string[];
}

export interface DefineEventOptions<T> {
  sealed?: ReadonlyArray<keyof T & string>;
}

export function defineEvent<T extends { eventId: string }>(
  subject: string,
  version: number,
  schema: z.ZodType<T>,
  options: DefineEventOptions<T> = {},
): EventDef<T> {
  const match = /^evt\.([a-z][a-z0-9-]*)\.([a-z][a-z0-9-]*)$/.exec(subject);
  if (!match) throw new Error(`Event subject must be evt.<aggregate>.<past-tense>: ${subject}`);
  return { subject, version, schema, sealed: [...(options.sealed ?? [])] };
}
