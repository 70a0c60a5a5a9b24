import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTransfers, openAs, type TransfersHarness } from './support/transfers-harness';

describe('a guessing address is slowed down', () => {
  let harness: TransfersHarness;

  beforeAll(async () => {
    harness = await bootTransfers('pw_backoff');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('when an address keeps sending wrong passwords, then each one after the first makes it wait longer before the next is checked: 1, 2, 4 s, then the rest of the 15 minutes', async () => {
    const transfer = await harness.seedTransfer({ password: 'open sesame' });
    const guesser = { ip: '2001:db8::7', password: 'wrong' };
    expect(await openAs(harness, transfer, guesser)).toEqual({ code: 'PASSWORD_INCORRECT' });
    const waits: number[] = [];
    for (let wrong = 2; wrong <= 5; wrong += 1) {
      expect(await openAs(harness, transfer, guesser)).toEqual({ code: 'PASSWORD_INCORRECT' });
      const refused = await openAs(harness, transfer, { ...guesser, password: 'open sesame' });
      expect(refused.code).toBe('TOO_MANY_ATTEMPTS');
      waits.push(refused.retryAfterSeconds as number);
      harness.advance((refused.retryAfterSeconds as number) * 1_000);
    }

    expect(waits).toEqual([1, 2, 4, 15 * 60 - (1 + 2 + 4)]);
    expect(await openAs(harness, transfer, { ...guesser, password: 'open sesame' })).toEqual({ code: 'OK' });
  });
});
