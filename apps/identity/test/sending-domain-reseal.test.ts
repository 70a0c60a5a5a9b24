import { generateKeyPairSync } from 'node:crypto';
import { createEventSealer, createInProcessBus, SEALED_FIELDS_HEADER } from '@ferry/bus';
import { createLogger } from '@ferry/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIdentityConfig, startIdentity, type RunningIdentity } from '../src/index';
import { bootIdentity, TEST_JWT_SECRET, type IdentityHarness } from './identity.harness';

const SEALED = { [SEALED_FIELDS_HEADER]: 'privateKey' };
const NEW_SEAL_KEY = 'the-rotated-seal-key-for-identity-tests-32';

describe('DKIM keys after an EVENT_SEAL_KEY rotation', () => {
  let harness: IdentityHarness;
  let rotated: RunningIdentity | undefined;
  const bus = createInProcessBus({ log: createLogger({ service: 'identity', level: 'silent' }) });

  beforeAll(async () => {
    harness = await bootIdentity('dkim_reseal');
  });
  afterAll(async () => {
    await rotated?.stop();
    await bus.drain();
    await harness?.close();
  });

  it('when identity starts with the new key and the old one as EVENT_SEAL_KEY_PREVIOUS, then the stored keys are sealed again so that the new key alone opens them', async () => {
    const admin = await harness.register('admin@acme-reseal.example', { plan: 'BM', company: 'Acme' });
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const oldSealer = createEventSealer(harness.config.EVENT_SEAL_KEY);
    const sealedUnderOld = (oldSealer.seal({ privateKey: pem }, SEALED) as { privateKey: string }).privateKey;
    await harness.db('sending_domains').insert({ company_id: admin.user.id, domain: 'mail.acme-reseal.example', selector: 'ferry1', private_key_sealed: sealedUnderOld, public_key: 'MIIB', status: 'verified', created_at: new Date() });

    const config = loadIdentityConfig({
      DATABASE_URL: harness.config.DATABASE_URL,
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      EVENT_SEAL_KEY: NEW_SEAL_KEY,
      EVENT_SEAL_KEY_PREVIOUS: harness.config.EVENT_SEAL_KEY,
      LOG_LEVEL: 'silent',
    });
    rotated = await startIdentity({ db: harness.db, bus, log: createLogger({ service: 'identity', level: 'silent' }), config });
    expect(await rotated.resealSendingDomainKeys()).toBe(1);

    const row = (await harness.db('sending_domains').where({ company_id: admin.user.id }).first()) as { private_key_sealed: string; status: string };
    expect(row.private_key_sealed).not.toBe(sealedUnderOld);
    expect(row.status).toBe('verified');
    // EVENT_SEAL_KEY_PREVIOUS can go now: the new key alone opens the key, and it is the same key.
    expect(createEventSealer(NEW_SEAL_KEY).open({ privateKey: row.private_key_sealed }, SEALED)).toEqual({ privateKey: pem });
    expect(() => oldSealer.open({ privateKey: row.private_key_sealed }, SEALED)).toThrow();
    // A second pass finds nothing left to do.
    expect(await rotated.resealSendingDomainKeys()).toBe(0);
  });
});
