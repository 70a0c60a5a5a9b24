import { z } from 'zod';
import { envUrl, loadConfig } from './config';

/** Unset and empty are the same: compose and k8s often pass a variable with no value. */
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * The standard OTEL_* variables this SDK set-up reads (the names and defaults of the
 * OpenTelemetry specification). Without an endpoint nothing is exported.
 */
export const ZTelemetryEnv = z.object({
  /** Base URL of an OTLP/HTTP receiver; traces go to `<endpoint>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(blankAsUnset, envUrl(['http', 'https']).optional()),
  /** Full URL for traces only; wins over the base endpoint. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess(blankAsUnset, envUrl(['http', 'https']).optional()),
  /** Overrides the service's own name in the `service.name` resource attribute. */
  OTEL_SERVICE_NAME: z.preprocess(blankAsUnset, z.string().min(1).optional()),
  /** `true` turns the SDK off even with an endpoint. */
  OTEL_SDK_DISABLED: z.preprocess(blankAsUnset, z.enum(['true', 'false', 'TRUE', 'FALSE', 'True', 'False']).optional()),
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(0).default(5_000),
  OTEL_BSP_EXPORT_TIMEOUT: count(30_000),
  OTEL_BSP_MAX_QUEUE_SIZE: count(2_048),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: count(512),
});
export type TTelemetryEnv = z.infer<typeof ZTelemetryEnv>;

/** Where traces go, or null when nothing is to be exported. */
export function tracesUrlOf(env: TTelemetryEnv): string | null {
  if (env.OTEL_SDK_DISABLED?.toLowerCase() === 'true') return null;
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
}

export function loadTelemetryEnv(env: NodeJS.ProcessEnv): TTelemetryEnv {
  return loadConfig(ZTelemetryEnv, env);
}
