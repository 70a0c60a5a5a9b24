import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTransfers, openAs, type PublicRoute, type TransfersHarness } from './support/transfers-harness';

const MINUTE = 60_000;

describe('wrong transfer passwords from one address', () => {
  let harness: TransfersHarness;

  beforeAll(async () => {
    harness = await bootTransfers('pw_address');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('when an address got 5 wrong in 15 minutes, then every route refuses it with 429 and a Retry-After, even with the right password, until the window has passed', async () => {
    const transfer = await harness.seedTransfer({ password: 'open sesame' });
    const guesser = { ip: '203.0.113.7' };
    const routes: PublicRoute[] = ['get', 'file', 'zip', 'extension', 'get'];
    for (const [index, route] of routes.entries()) {
      expect(await openAs(harness, transfer, { ...guesser, password: `guess ${index}` }, route)).toEqual({ code: 'PASSWORD_INCORRECT' });
      harness.advance(MINUTE);
    }

    for (const route of ['get', 'file', 'zip', 'extension'] as const) {
      const refused = await openAs(harness, transfer, { ...guesser, password: 'open sesame' }, route);
      expect(refused.code).toBe('TOO_MANY_ATTEMPTS');
      // The first wrong password was 5 minutes ago: 10 minutes are left of its window.
      expect(refused.retryAfterSeconds).toBe(10 * 60);
    }
    expect(await openAs(harness, transfer, { ip: '198.51.100.20', password: 'open sesame' })).toEqual({ code: 'OK' });

    harness.advance(10 * MINUTE);
    expect(await openAs(harness, transfer, { ...guesser, password: 'open sesame' })).toEqual({ code: 'OK' });
    expect(await openAs(harness, transfer, { ...guesser, password: 'open sesame' }, 'file')).toEqual({ code: 'OK' });
  });

  it('when 100 wrong passwords arrive at once from one address, then at most 5 are checked and the others are answered 429', async () => {
    const transfer = await harness.seedTransfer({ password: 'open sesame' });
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, index) => openAs(harness, transfer, { ip: '203.0.113.8', password: `guess ${index}` })));

    const checked = outcomes.filter((outcome) => outcome.code === 'PASSWORD_INCORRECT');
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(5);
    const refused = outcomes.filter((outcome) => outcome.code === 'TOO_MANY_ATTEMPTS');
    expect(refused).toHaveLength(100 - checked.length);
    expect(refused.every((outcome) => typeof outcome.retryAfterSeconds === 'number' && outcome.retryAfterSeconds > 0)).toBe(true);
  });
});
