import { createRequire } from 'node:module';
import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  defaultResource,
  detectResources,
  hostDetector,
  processDetector,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { initTelemetry } from './telemetry';
import { loadTelemetryEnv, tracesUrlOf } from './telemetry-config';

export interface TelemetryOptions {
  /** `service.name` of every span, unless `OTEL_SERVICE_NAME` says otherwise. */
  service: string;
  /** The OTEL_* variables of `ZTelemetryEnv`; `process.env` by default (`OTEL_RESOURCE_ATTRIBUTES` and the exporter's headers are always read from `process.env`). */
  env?: NodeJS.ProcessEnv;
}

export interface Telemetry {
  /** Where spans are sent, or null when there is no endpoint (no SDK then, only propagation). */
  tracesUrl: string | null;
  /** Sends the spans still queued. */
  flush(): Promise<void>;
  /** Flushes and stops exporting; the last shutdown step. */
  shutdown(): Promise<void>;
}

/**
 * Modules that ESM imported before the SDK started (import statements are hoisted, and a
 * bundle's external imports come first) are only patched when required again: the hooks
 * patch a module's exports on the next `require`, and `http`, `express` and `pg` keep their
 * functions on shared objects and prototypes, so the patch reaches the ESM importers too.
 * A package a slim bundle does not ship is skipped.
 */
function patchLoadedModules(): void {
  const requireLoaded = createRequire(import.meta.url);
  for (const name of ['http', 'https', 'express', 'pg']) {
    try {
      requireLoaded(name);
    } catch {
      // Not installed with this service: nothing to patch.
    }
  }
}

/**
 * Registers propagation and context (always) and, when `OTEL_EXPORTER_OTLP_ENDPOINT` (or the
 * traces endpoint) is set, the OpenTelemetry SDK: a batch OTLP/HTTP JSON exporter and the
 * HTTP (outgoing), Express and pg instrumentations. Incoming HTTP keeps the house server span
 * of `createHttpApp` (named by route, carrying the request id), so a request has one server
 * span; pg and outgoing HTTP spans are only made under a parent, not for background polls.
 * Call it first in `main.ts`.
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  initTelemetry();
  const env = loadTelemetryEnv(options.env ?? process.env);
  const tracesUrl = tracesUrlOf(env);
  if (!tracesUrl) return { tracesUrl, flush: async () => undefined, shutdown: async () => undefined };

  const resource = defaultResource()
    .merge(detectResources({ detectors: [hostDetector, processDetector, resourceAttributesEnvDetector] }))
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME ?? options.service }));
  const provider = new TracerProvider({
    resource,
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: tracesUrl }),
        scheduledDelayMillis: env.OTEL_BSP_SCHEDULE_DELAY,
        exportTimeoutMillis: env.OTEL_BSP_EXPORT_TIMEOUT,
        maxQueueSize: env.OTEL_BSP_MAX_QUEUE_SIZE,
        maxExportBatchSize: Math.min(env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE, env.OTEL_BSP_MAX_QUEUE_SIZE),
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
      new ExpressInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  patchLoadedModules();
  return { tracesUrl, flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}
