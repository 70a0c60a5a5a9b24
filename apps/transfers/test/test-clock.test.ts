import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '@ferry/bus';
import { TEST_CLOCK_RPC, TRANSFER_EXTENSION_OFFERED } from '@ferry/contracts';
import { createLogger } from '@ferry/service-kit';
import { loadTransfersConfig, startTransfers, type RunningTransfers } from '../src/index';
import { bootTransfers, codeOf, type TransfersHarness } from './support/transfers-harness';

const DAY = 86_400_000;
const log = createLogger({ service: 'transfers', level: 'silent' });
// startTransfers takes its pool from the caller: the URL is only there to satisfy the config.
const configWith = (env: Record<string, string>) =>
  loadTransfersConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused', EVENT_SEAL_KEY: 'seal-key-for-transfers-tests-32-chars-long', LOG_LEVEL: 'silent', ...env });

describe("transfers' test clock", () => {
  let h: TransfersHarness;
  const started: RunningTransfers[] = [];
  beforeAll(async () => {
    h = await bootTransfers('test_clock');
  });
  afterAll(async () => {
    for (const running of started) await running.stop();
    await h?.close();
  });

  it('when FERRY_TEST_CLOCK=1 and the clock moves 8 days, then the expiry sweep finds a 7-day transfer expired and offers its extension', async () => {
    const bus = createInProcessBus({ log });
    const running = await startTransfers({ db: h.db, bus, log, config: configWith({ FERRY_TEST_CLOCK: '1' }) });
    started.push(running);
    const transfer = await h.seedTransfer({ recipients: ['bo@client.example'] });
    expect((await running.sweep()).offered).toBe(0);

    await expect(bus.request(TEST_CLOCK_RPC.set, { advanceMs: 8 * DAY })).resolves.toMatchObject({ offsetMs: 8 * DAY });
    expect((await running.sweep()).offered).toBeGreaterThanOrEqual(1);
    expect(await h.events(TRANSFER_EXTENSION_OFFERED, (e) => e.transferId === transfer.id)).toHaveLength(1);
    await bus.request(TEST_CLOCK_RPC.set, { offsetMs: 0 });
  });

  it('when the setting is absent (or a service test brings its own clock), then reading or moving the test clock is NOT_FOUND', async () => {
    const bus = createInProcessBus({ log });
    started.push(await startTransfers({ db: h.db, bus, log, config: configWith({}) }));
    expect(await codeOf(bus.request(TEST_CLOCK_RPC.get, {}))).toBe('NOT_FOUND');
    expect(await codeOf(bus.request(TEST_CLOCK_RPC.set, { advanceMs: DAY }))).toBe('NOT_FOUND');
    expect(await codeOf(h.call(TEST_CLOCK_RPC.get, {}))).toBe('NOT_FOUND');
  });

  it('when NODE_ENV=production and FERRY_TEST_CLOCK=1, then transfers refuses to start with an error that names both', async () => {
    const bus = createInProcessBus({ log });
    await expect(startTransfers({ db: h.db, bus, log, config: configWith({ FERRY_TEST_CLOCK: '1', NODE_ENV: 'production' }) })).rejects.toThrow(
      'FERRY_TEST_CLOCK=1 is refused with NODE_ENV=production',
    );
  });
});
