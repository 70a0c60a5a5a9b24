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
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
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

const podSpecOf = (object: K8sObject) =>
  (object.spec?.['template'] as { spec: { containers: Container[]; volumes?: Array<{ name: string; secret?: { secretName: string } }> } } | undefined)?.spec;
const envOf = (container: Container, name: string) => container.env?.find((entry) => entry.name === name);
const find = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const dataOf = (object: K8sObject | undefined) => (object as unknown as { data: Record<string, string> }).data;
const SERVICES = ['gateway', 'identity', 'mail', 'notifications', 'transfers', 'storage-credentials', 'geo', 'billing'];
/** Services with a Postgres schema of their own, and the schema's name. */
const SCHEMAS: Record<string, string> = { identity: 'identity', mail: 'mail', notifications: 'notifications', transfers: 'transfers', 'storage-credentials': 'storage', billing: 'billing' };

/** The durable consumers a service declares in its source (`durable: 'mail--…'`). */
function durablesOf(service: string): string[] {
  const files = execFileSync('grep', ['-rhoE', "durable: '[a-z0-9-]+--[a-z0-9-]+'", resolve(WORKSPACE_ROOT, 'apps', service, 'src')], { encoding: 'utf8' });
  return [...new Set(files.trim().split('\n').map((line) => line.slice("durable: '".length, -1)))].sort();
}

describe('deploy files', () => {
  it.runIf(has('kubectl'))('when the prod overlay is rendered, then every object passes its Kubernetes schema, no image floats, every workload has requests, limits and probes, and traffic is denied by default', () => {
    const objects = render('prod');
    for (const object of objects) {
      const Model = modelOf(object);
      expect(Model, `${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model!(object).validate(), `${object.kind}/${object.metadata.name}`).not.toThrow();
    }
    const workloads = objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');
    expect(workloads.map((w) => w.metadata.name).sort()).toEqual(['billing', 'gateway', 'geo', 'identity', 'mail', 'nats', 'notifications', 'redis', 'storage-credentials', 'transfers']);
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

  it.runIf(has('kubectl'))('when the prod overlay is rendered, then NATS is three clustered JetStream nodes, streams are R3, and each service logs in over TLS as its own user', () => {
    const objects = render('prod');
    const nats = find(objects, 'StatefulSet', 'nats')!;
    expect(nats.spec?.['replicas']).toBe(3);
    const natsConf = dataOf(find(objects, 'ConfigMap', 'nats-config'));
    const conf = natsConf['nats.conf']!;
    expect(conf).toMatch(/sync_interval: always/);
    expect(conf.match(/nats:\/\/nats-\d\.nats-headless:6222/g)).toEqual(['nats://nats-0.nats-headless:6222', 'nats://nats-1.nats-headless:6222', 'nats://nats-2.nats-headless:6222']);
    expect(conf).toMatch(/tls \{[^}]*ca_file/);
    const config = dataOf(find(objects, 'ConfigMap', 'ferry-config'));
    expect(config['NATS_STREAM_REPLICAS']).toBe('3');
    expect(config['NATS_URL']!.split(',')).toEqual([0, 1, 2].map((n) => `tls://nats-${n}.nats-headless:4222`));
    for (const service of SERVICES) {
      const pod = podSpecOf(find(objects, 'Deployment', service)!)!;
      const container = pod.containers[0]!;
      expect(envOf(container, 'NATS_USER')?.value, service).toBe(service);
      const password = envOf(container, 'NATS_PASSWORD')?.valueFrom?.secretKeyRef;
      expect(password?.name, service).toBe('ferry-nats-users');
      expect(natsConf['auth.conf'], service).toContain(`{ user: ${service}, password: $${password?.key},`);
      const ca = envOf(container, 'NATS_TLS_CA')?.value ?? '';
      const mount = container.volumeMounts?.find((m) => ca.startsWith(`${m.mountPath}/`));
      expect(pod.volumes?.find((v) => v.name === mount?.name)?.secret?.secretName, service).toBe('nats-tls');
    }
  });

  it.runIf(has('kubectl'))('when the prod overlay is rendered, then every service with a schema has its own database role and URL, and a migrate Job on its own image that its Deployment waits for', () => {
    const objects = render('prod');
    const rolesSql = dataOf(find(objects, 'ConfigMap', 'ferry-db-roles'))['roles.sql']!;
    expect(find(objects, 'Job', 'db-roles')).toBeDefined();
    for (const [service, schema] of Object.entries(SCHEMAS)) {
      expect(rolesSql, service).toMatch(new RegExp(`ARRAY\\[[^\\]]*'${schema}'`));
      const deployment = podSpecOf(find(objects, 'Deployment', service)!)!.containers[0]!;
      const job = podSpecOf(find(objects, 'Job', `${service}-migrate`)!)!.containers[0]!;
      for (const container of [deployment, job]) expect(envOf(container, 'DATABASE_URL')?.valueFrom?.secretKeyRef, service).toEqual({ name: `ferry-db-${service}`, key: 'DATABASE_URL' });
      expect(envOf(deployment, 'MIGRATIONS')?.value, service).toBe('wait');
      expect(envOf(job, 'MIGRATIONS')?.value, service).toBe('only');
      expect(job.image, service).toBe(deployment.image);
      expect(job.resources?.limits, service).toBeDefined();
    }
    for (const service of SERVICES.filter((name) => !(name in SCHEMAS))) expect(find(objects, 'Job', `${service}-migrate`), service).toBeUndefined();
  });

  it.runIf(has('kubectl'))('when prod is rendered with the operators overlay, then mail and notifications scale on the lag of every consumer they declare, and cert-manager issues the NATS certificate', () => {
    const objects = render('prod-operators');
    const custom = new Set(['ScaledObject', 'Certificate', 'Issuer']);
    for (const object of objects.filter((o) => !custom.has(o.kind))) expect(() => new (modelOf(object)!)(object).validate(), `${object.kind}/${object.metadata.name}`).not.toThrow();
    for (const service of ['mail', 'notifications']) {
      const scaled = find(objects, 'ScaledObject', service) as unknown as { spec: { scaleTargetRef: { name: string }; triggers: Array<{ type: string; metadata: Record<string, string> }> } };
      expect(scaled.spec.scaleTargetRef.name).toBe(service);
      expect(scaled.spec.triggers.every((t) => t.type === 'nats-jetstream' && t.metadata['stream'] === 'FERRY_EVENTS' && t.metadata['account'] === 'FERRY')).toBe(true);
      const declared = durablesOf(service);
      expect(declared.length, service).toBeGreaterThan(0);
      expect(scaled.spec.triggers.map((t) => t.metadata['consumer']).sort(), service).toEqual(declared);
      // KEDA owns the HPA of a scaled Deployment: a second one would fight it.
      expect(find(objects, 'HorizontalPodAutoscaler', service), service).toBeUndefined();
    }
    const certificate = find(objects, 'Certificate', 'nats-tls') as unknown as { spec: { secretName: string; dnsNames: string[]; issuerRef: { name: string } } };
    expect(certificate.spec.secretName).toBe('nats-tls');
    expect(certificate.spec.dnsNames).toEqual(expect.arrayContaining(['nats', '*.nats-headless']));
    expect(find(objects, 'Issuer', certificate.spec.issuerRef.name)).toBeDefined();
  });

  it.runIf(has('kubectl'))('when the prod overlay is rendered, then the gateway reads BILLING_PROVIDER as billing does and, for Stripe Elements, STRIPE_PUBLISHABLE_KEY from the optional Secret ferry-billing', () => {
    const objects = render('prod');
    const gateway = podSpecOf(find(objects, 'Deployment', 'gateway')!)!.containers[0] as Container & { envFrom?: Array<{ configMapRef?: { name: string } }> };
    expect(gateway.envFrom?.some((from) => from.configMapRef?.name === 'ferry-config')).toBe(true);
    expect(dataOf(find(objects, 'ConfigMap', 'ferry-config'))['BILLING_PROVIDER']).toBe('local');
    expect(envOf(gateway, 'STRIPE_PUBLISHABLE_KEY')?.valueFrom?.secretKeyRef).toEqual({ name: 'ferry-billing', key: 'STRIPE_PUBLISHABLE_KEY', optional: true });
  });

  it('when docker-compose runs billing with Stripe, then the gateway gets the same BILLING_PROVIDER and the publishable key from the shell', () => {
    const compose = parseAllDocuments(readFileSync(resolve(WORKSPACE_ROOT, 'docker-compose.yml'), 'utf8'))[0]!.toJSON() as { services: Record<string, { environment: Record<string, string | null> }> };
    const { gateway, billing } = compose.services;
    expect(gateway?.environment['BILLING_PROVIDER']).toBe('${BILLING_PROVIDER:-local}');
    expect(gateway?.environment['BILLING_PROVIDER']).toBe(billing?.environment['BILLING_PROVIDER']);
    expect(gateway?.environment).toHaveProperty('STRIPE_PUBLISHABLE_KEY', null);
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
