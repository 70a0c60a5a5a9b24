import { trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { loadTelemetryEnv, tracesUrlOf } from './telemetry-config';
import { startTelemetry } from './telemetry-sdk';

describe('telemetry configuration', () => {
  it('when no endpoint is set, then nothing is exported and spans do not record', () => {
    const telemetry = startTelemetry({ service: 'quiet', env: { OTEL_EXPORTER_OTLP_ENDPOINT: '' } });
    expect(telemetry.tracesUrl).toBeNull();
    expect(trace.getTracer('t').startSpan('x').isRecording()).toBe(false);
  });

  it('when a base endpoint is set, then traces go to its /v1/traces; a traces endpoint wins', () => {
    expect(tracesUrlOf(loadTelemetryEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }))).toBe('http://collector:4318/v1/traces');
    expect(tracesUrlOf(loadTelemetryEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/otlp/traces' }))).toBe('http://tempo:4318/otlp/traces');
    expect(tracesUrlOf(loadTelemetryEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }))).toBeNull();
  });

  it('when a value is bad, then boot fails naming the variable', () => {
    expect(() => loadTelemetryEnv({ OTEL_BSP_SCHEDULE_DELAY: 'soon' })).toThrow(ConfigError);
    expect(() => loadTelemetryEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
