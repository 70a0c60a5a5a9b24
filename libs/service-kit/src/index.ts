export { loadConfig, ConfigError, envPort, envUrl, envLogLevel, envDurationMs, envNatsPrefix } from './config';
export { createLogger, traceFields } from './logger';
export type { Logger, LoggerOptions } from './logger';
export {
  createHttpApp,
  finishHttpApp,
  API_CONTENT_SECURITY_POLICY,
  DEFAULT_BODY_LIMIT_BYTES,
} from './http-app';
export type { HttpAppOptions, FinishHttpAppOptions } from './http-app';
export { errorHandler, notFoundHandler, toPublicError } from './error-handler';
export { pickRequestId, REQUEST_ID_HEADER } from './request-context';
export { addHealthRoutes } from './health.routes';
export type { HealthCheck, HealthRoutesOptions } from './health.routes';
export { listen } from './listen';
export { startHealthServer } from './health-server';
export { addMetricsRoute, recordHttpRequest, LATENCY_BUCKETS } from './metrics';
export type { HealthServerOptions } from './health-server';
export type { RunningServer } from './listen';
export { onShutdown } from './shutdown';
export { isDraining, markDraining } from './readiness';
export type { ShutdownOptions } from './shutdown';
export { initTelemetry, withSpan, getTracer, recordSpanError, TRACER_NAME } from './telemetry';
export type { WithSpanOptions } from './telemetry';
export { startTelemetry } from './telemetry-sdk';
export type { Telemetry, TelemetryOptions } from './telemetry-sdk';
export { ZTelemetryEnv } from './telemetry-config';
export type { TTelemetryEnv } from './telemetry-config';
export { envNats, natsBusOptionsOf } from './nats-config';
export { envMigrations, migrateOptionOf, exitAfterMigrating } from './migrations-config';
