import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, type Bus } from '@ferry/bus';
import { IDENTITY_RPC } from '@ferry/contracts';
import { createLogger } from '@ferry/service-kit';
import { startIdentity, type RunningIdentity } from '../src/index';
import { bootIdentity, type IdentityHarness } from './identity.harness';

const PASSWORD = 'right password';

describe('login throttle', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('login_throttle');
    for (const email of ['owner@example.com', 'twin@example.com', 'quiet@example.com', 'shared@example.com']) {
      await h.register(email, { password: PASSWORD });
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  const attempt = (email: string, password: string, bus: Pick<Bus, 'request'> = h.bus) =>
    bus.request(IDENTITY_RPC.login, { email, password }).then(
      () => 'ok',
      (error: { code: string; details?: { retryAfterSeconds?: number } }) =>
        error.code === 'RATE_LIMITED' ? `wait ${error.details?.retryAfterSeconds}` : error.code,
    );

  /** Five wrong passwords, then a wrong one at once and a wrong one after each announced wait, `rounds` times. */
  async function guess(email: string, rounds: number): Promise<string[]> {
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await attempt(email, 'wrong password'));
    for (let i = 0; i < rounds; i += 1) {
      const refused = await attempt(email, 'wrong password');
      answers.push(refused);
      h.advance(Number(refused.replace('wait ', '')) * 1000);
      answers.push(await attempt(email, 'wrong password'));
    }
    return answers;
  }

  it('when an address failed 5 logins, then each further attempt waits twice as long as the last, at most a minute', async () => {
    const answers = await guess('owner@example.com', 8);
    expect(answers).toEqual([
      ...Array<string>(5).fill('AUTH_FAILED'),
      ...['wait 1', 'wait 2', 'wait 4', 'wait 8', 'wait 16', 'wait 32', 'wait 60', 'wait 60'].flatMap((wait) => [wait, 'AUTH_FAILED']),
    ]);
  });

  it('when the address is delayed, then even the right password waits, and once it is let through the count starts over', async () => {
    const email = 'twin@example.com';
    await guess(email, 1);
    expect(await attempt(email, PASSWORD)).toBe('wait 2');
    h.advance(2_000);
    expect(await attempt(email, PASSWORD)).toBe('ok');
    for (let i = 0; i < 4; i += 1) expect(await attempt(email, 'wrong password')).toBe('AUTH_FAILED');
  });

  it('when the address has no account, then it is throttled exactly like one that has', async () => {
    const forNobody = await guess('ghost@example.com', 8);
    expect(forNobody).toContain('wait 60');
    expect(forNobody).toEqual(await guess('quiet@example.com', 8));
  });

  it('when 15 minutes pass without a failure, then the address starts with 5 free attempts again', async () => {
    const email = 'forgotten@example.com';
    await guess(email, 2);
    h.advance(15 * 60_000);
    for (let i = 0; i < 5; i += 1) expect(await attempt(email, 'wrong password')).toBe('AUTH_FAILED');
    expect(await attempt(email, 'wrong password')).toBe('wait 1');
  });

  it('when two identity replicas share the database, then failures on one delay attempts on the other', async () => {
    const log = createLogger({ service: 'identity', level: 'silent' });
    const otherBus = createInProcessBus({ log });
    const other: RunningIdentity = await startIdentity({ db: h.db, bus: otherBus, log, config: h.config, clock: () => h.now() });
    try {
      for (let i = 0; i < 5; i += 1) expect(await attempt('shared@example.com', 'wrong password')).toBe('AUTH_FAILED');
      expect(await attempt('shared@example.com', PASSWORD, otherBus)).toBe('wait 1');
    } finally {
      await other.stop();
      await otherBus.drain();
    }
  });

  it('when many guesses for one address arrive at once, then no more than the free ones are checked', async () => {
    const email = 'burst@example.com';
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt(email, 'wrong password')));
    expect(answers.filter((answer) => answer === 'AUTH_FAILED')).toHaveLength(5);
    expect(answers.filter((answer) => answer.startsWith('wait'))).toHaveLength(7);
  });
});
