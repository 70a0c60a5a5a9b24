import { createServer } from 'node:http';
import { z } from 'zod';

const ZAnyValue = z.object({ stringValue: z.string().optional() }).loose();
const ZAttribute = z.object({ key: z.string(), value: ZAnyValue });
const ZExportTraceRequest = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({ attributes: z.array(ZAttribute).default([]) }).loose().optional(),
      scopeSpans: z.array(
        z.object({
          scope: z.object({ name: z.string() }).loose().optional(),
          spans: z.array(
            z
              .object({
                traceId: z.string(),
                spanId: z.string(),
                parentSpanId: z.string().optional(),
                name: z.string(),
                kind: z.number().optional(),
                attributes: z.array(ZAttribute).default([]),
              })
              .loose(),
          ),
        }),
      ),
    }),
  ),
});

/** One span as an OTLP/HTTP JSON export carried it, flattened with its resource's service name. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  kind: number;
  /** The resource's `service.name`. */
  service: string;
  /** The instrumentation scope (`ferry`, `@opentelemetry/instrumentation-pg`…). */
  scope: string;
  /** String attributes only. */
  attributes: Record<string, string>;
}

export interface OtlpReceiver {
  /** The base URL to give as `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  endpoint: string;
  /** Every span received so far. */
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

function stringAttributes(attributes: Array<z.infer<typeof ZAttribute>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of attributes) if (value.stringValue !== undefined) out[key] = value.stringValue;
  return out;
}

function flatten(request: z.infer<typeof ZExportTraceRequest>): ReceivedSpan[] {
  return request.resourceSpans.flatMap(({ resource, scopeSpans }) => {
    const service = stringAttributes(resource?.attributes ?? [])['service.name'] ?? '';
    return scopeSpans.flatMap(({ scope, spans }) =>
      spans.map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind ?? 0,
        service,
        scope: scope?.name ?? '',
        attributes: stringAttributes(span.attributes),
      })),
    );
  });
}

/**
 * A local OTLP/HTTP receiver for traces in JSON (what `@opentelemetry/exporter-trace-otlp-http`
 * sends): `POST /v1/traces` keeps the spans; protobuf is refused with 415.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      if (!req.headers['content-type']?.startsWith('application/json')) return void res.writeHead(415).end();
      const parsed = ZExportTraceRequest.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      if (!parsed.success) return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: parsed.error.message }));
      spans.push(...flatten(parsed.data));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
