import type { IRouter } from 'express';
import { Counter, Histogram, collectDefaultMetrics, register } from 'prom-client';

/**
 * Prometheus metrics of the process, on prom-client's default registry: every library of the
 * process (HTTP here, RPCs and events in libs/bus, mails, storage bytes) registers there, and
 * `/metrics` on the service's ops port serves them all. In `npm start` every service shares one
 * process, so each series carries a `service` label where it has one.
 */
let defaultsCollected = false;

function ensureDefaultMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ prefix: 'ferry_' });
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const httpRequests = new Counter({
  name: 'ferry_http_requests_total',
  help: 'HTTP requests answered, by service, method, route and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
});

const httpDuration = new Histogram({
  name: 'ferry_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by service, method, route and status class',
  labelNames: ['service', 'method', 'route', 'status_class'] as const,
  buckets: LATENCY_BUCKETS,
});

/** Records one answered request; `route` is the matched route pattern, never the raw path (its ids would explode the series). */
export function recordHttpRequest(entry: { service: string; method: string; route: string | undefined; status: number; seconds: number }): void {
  const route = entry.route ?? '(unmatched)';
  httpRequests.inc({ service: entry.service, method: entry.method, route, status: String(entry.status) });
  httpDuration.observe({ service: entry.service, method: entry.method, route, status_class: `${Math.floor(entry.status / 100)}xx` }, entry.seconds);
}

/** `GET /metrics` in Prometheus' text format. Mount it on an ops port only, never on the public API. */
export function addMetricsRoute(app: IRouter): void {
  ensureDefaultMetrics();
  app.get('/metrics', async (_req, res, next) => {
    try {
      const body = await register.metrics();
      res.set('Content-Type', register.contentType).set('Cache-Control', 'no-store').send(body);
    } catch (error) {
      next(error);
    }
  });
}

export { LATENCY_BUCKETS };
