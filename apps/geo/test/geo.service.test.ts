import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger } from '@ferry/bus/testing';
import { AppError, GEO_RPC, UNKNOWN_LOCATION } from '@ferry/contracts';
import { ConfigError, createLogger } from '@ferry/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeoConfig } from '../src/config';
import { startGeo, type RunningGeo } from '../src/geo.service';

const log = createLogger({ service: 'geo-test', level: 'silent' });

// In-process bus: parallel suites on one NATS server would share `svc.geo.lookup`.
describe('geo service on the bus', () => {
  const bus = createInProcessBus({ log: createMemoryLogger() });
  let geo: RunningGeo;

  beforeAll(async () => {
    geo = await startGeo({ bus, log, config: loadGeoConfig({}) });
  });
  afterAll(async () => {
    await bus.drain();
    await geo.stop();
  });

  it('when svc.geo.lookup is asked about a Dubai address, then it answers Dubai, AE', async () => {
    await expect(bus.request(GEO_RPC.lookup, { ip: '94.200.0.1' })).resolves.toEqual({
      known: true,
      countryCode: 'AE',
      country: 'United Arab Emirates',
      city: 'Dubai',
    });
  });

  it('when asked about a private address, then it answers unknown rather than an error', async () => {
    await expect(bus.request(GEO_RPC.lookup, { ip: '192.168.0.10' })).resolves.toEqual(UNKNOWN_LOCATION);
  });

  it('when the payload breaks the contract, then the bus answers VALIDATION_FAILED naming the field', async () => {
    const empty = bus.request(GEO_RPC.lookup, { ip: '' });
    await expect(empty).rejects.toBeInstanceOf(AppError);
    await expect(empty).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message: expect.stringMatching(/^ip:/) });
    await expect(bus.request(GEO_RPC.lookup, { ip: 94 } as never)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(bus.request(GEO_RPC.lookup, {} as never)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('geo configuration', () => {
  it('when nothing is set, then health listens on 8093 and the bundled databases are used', () => {
    const config = loadGeoConfig({});
    expect(config).toMatchObject({ PORT: 8093, NATS_URL: 'nats://127.0.0.1:4222' });
    expect(config.GEO_DB_PATH).toBeUndefined();
  });

  it('when GEO_DB_PATH lists files, then each is taken in order', () => {
    expect(loadGeoConfig({ GEO_DB_PATH: '/geo/v4.mmdb, /geo/v6.mmdb' }).GEO_DB_PATH).toEqual(['/geo/v4.mmdb', '/geo/v6.mmdb']);
  });

  it('when GEO_DB_PATH names no file, then boot fails with its name', () => {
    expect(() => loadGeoConfig({ GEO_DB_PATH: ' , ' })).toThrow(ConfigError);
    expect(() => loadGeoConfig({ GEO_DB_PATH: ' , ' })).toThrow(/GEO_DB_PATH/);
  });

  it('when GEO_DB_PATH names a missing file, then the service does not start', async () => {
    const bus = createInProcessBus({ log: createMemoryLogger() });
    const config = loadGeoConfig({ GEO_DB_PATH: '/nonexistent/geo.mmdb' });
    await expect(startGeo({ bus, log, config })).rejects.toThrow(/nonexistent/);
    await expect(bus.request(GEO_RPC.lookup, { ip: '94.200.0.1' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
