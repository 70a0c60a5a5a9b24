import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { WORKSPACE_ROOT } from '@ferry/testing';
import { register } from 'prom-client';
import { describe, expect, it } from 'vitest';
import '../src/all-in-one';

/** The alert rules and the dashboard name only series some service really exports. */
describe('deploy/observability', () => {
  const read = (file: string) => readFileSync(resolve(WORKSPACE_ROOT, 'deploy/observability', file), 'utf8');
  const seriesIn = (text: string) => new Set([...text.matchAll(/\bferry_[a-z_]+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, '')));

  it('when the rules and the dashboard are read, then every ferry_ series they use is registered by the services', async () => {
    const registered = new Set((await register.getMetricsAsJSON()).map((metric) => metric.name));
    for (const file of ['alerts.yaml', 'grafana-dashboard.json']) {
      const missing = [...seriesIn(read(file))].filter((name) => !registered.has(name));
      expect(missing, file).toEqual([]);
    }
    expect(JSON.parse(read('grafana-dashboard.json')).panels.length).toBeGreaterThan(5);
  });
});
