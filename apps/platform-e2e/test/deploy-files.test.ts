import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { WORKSPACE_ROOT } from '@ferry/testing';
import * as k8s from 'kubernetes-models';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
}
interface Container {
  name: string;
  image: string;
  resources?: { requests?: object; limits?: object };
  readinessProbe?: object;
  livenessProbe?: object;
}

const has = (command: string) => spawnSync(command, ['version', '--client'], { stdio: 'ignore' }).status === 0 || spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;

/** The model class of an object, e.g. apps/v1 Deployment -> k8s.apps.v1.Deployment. */
function modelOf(object: K8sObject): (new (data: unknown) => { validate(): void }) | undefined {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  // kubernetes-models names a group in camel case: networking.k8s.io -> networkingK8sIo.
  const groupKey = (group as string).replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase());
  const groups = k8s as unknown as Record<string, Record<string, Record<string, new (data: unknown) => { validate(): void }>>>;
  const byGroup = group === '' ? (k8s as unknown as Record<string, Record<string, new (data: unknown) => { validate(): void }>>)[version as string] : groups[groupKey]?.[version as string];
  return byGroup?.[object.kind];
}

function render(overlay: string): K8sObject[] {
  const text = execFileSync('kubectl', ['kustomize', resolve(WORKSPACE_ROOT, 'k8s/overlays', overlay)], { encoding: 'utf8' });
  return parseAllDocuments(text).map((doc) => doc.toJSON() as K8sObject).filter(Boolean);
}

const podSpecOf = (object: K8sObject) => (object.spec?.['template'] as { spec: { containers: Container[] } } | undefined)?.spec;

describe('deploy files', () => {
  it.runIf(has('kubectl'))('when the prod overlay is rendered, then every object passes its Kubernetes schema, no image floats, every workload has requests, limits and probes, and traffic is denied by default', () => {
    const objects = render('prod');
    for (const object of objects) {
      const Model = modelOf(object);
      expect(Model, `${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model!(object).validate(), `${object.kind}/${object.metadata.name}`).not.toThrow();
    }
    const workloads = objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');
    expect(workloads.map((w) => w.metadata.name).sort()).toEqual(['gateway', 'geo', 'identity', 'mail', 'nats', 'notifications', 'redis', 'storage-credentials', 'transfers']);
    for (const workload of workloads) {
      for (const container of podSpecOf(workload)!.containers) {
        const where = `${workload.metadata.name}/${container.name}`;
        expect(container.image, where).toMatch(/:[\w.-]+$/);
        expect(container.image, where).not.toMatch(/:latest$/);
        expect(container.resources?.requests, where).toBeDefined();
        expect(container.resources?.limits, where).toBeDefined();
        expect(container.readinessProbe, where).toBeDefined();
        expect(container.livenessProbe, where).toBeDefined();
      }
    }
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    expect(policies.some((p) => JSON.stringify(p.spec?.['podSelector']) === '{}' && JSON.stringify(p.spec?.['policyTypes']) === '["Ingress","Egress"]' && !p.spec?.['ingress'] && !p.spec?.['egress'])).toBe(true);
    expect(objects.some((o) => o.kind === 'Ingress')).toBe(true);
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'ferry-config') as unknown as { data: Record<string, string> };
    expect(config.data['REDIS_URL']).toMatch(/^redis:\/\//);
  });

  it.runIf(has('kubectl'))('when the dev overlay is rendered, then every object passes its schema too', () => {
    for (const object of render('dev')) expect(() => new (modelOf(object)!)(object).validate(), `${object.kind}/${object.metadata.name}`).not.toThrow();
  });

  it('when docker-compose reads the file without secrets, then it refuses; with them, the file is valid', () => {
    const file = readFileSync(resolve(WORKSPACE_ROOT, 'docker-compose.yml'), 'utf8');
    for (const secret of ['AUTH_JWT_SECRET', 'EVENT_SEAL_KEY', 'STORAGE_MASTER_KEY', 'STORAGE_URL_SECRET']) {
      expect(file, secret).toMatch(new RegExp(`\\$\\{${secret}:\\?`));
    }
    if (!has('docker-compose')) return;
    const base = { PATH: process.env['PATH'] ?? '' };
    const compose = (env: Record<string, string>) => spawnSync('docker-compose', ['-f', resolve(WORKSPACE_ROOT, 'docker-compose.yml'), 'config', '-q'], { env: { ...base, ...env }, encoding: 'utf8' });
    expect(compose({}).status).not.toBe(0);
    const secrets = { AUTH_JWT_SECRET: 'a'.repeat(64), EVENT_SEAL_KEY: 'b'.repeat(64), STORAGE_MASTER_KEY: 'c'.repeat(64), STORAGE_URL_SECRET: 'd'.repeat(64) };
    expect(compose(secrets).status).toBe(0);
  });
});
