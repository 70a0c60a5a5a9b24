import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from './config';
import { envNats, natsBusOptionsOf } from './nats-config';

const ZConfig = z.object(envNats());

describe('envNats', () => {
  it('when the service has a user, a CA and three stream replicas, then the bus gets them', () => {
    const config = loadConfig(ZConfig, { NATS_URL: 'tls://nats-0:4222, tls://nats-1:4222', NATS_USER: 'mail', NATS_PASSWORD: 'pw', NATS_TLS_CA: '/etc/nats-ca/ca.crt', NATS_STREAM_REPLICAS: '3' });
    expect(natsBusOptionsOf(config)).toEqual({
      prefix: undefined,
      streamReplicas: 3,
      credentials: { user: 'mail', password: 'pw', token: undefined, credsFile: undefined, tlsCaFile: '/etc/nats-ca/ca.crt' },
    });
  });

  it('when NATS_STREAM_REPLICAS is 0 or NATS_URL is http, then boot fails naming each', () => {
    expect(() => loadConfig(ZConfig, { NATS_STREAM_REPLICAS: '0', NATS_URL: 'http://nats' })).toThrow(/NATS_URL[\s\S]*NATS_STREAM_REPLICAS/);
  });
});
