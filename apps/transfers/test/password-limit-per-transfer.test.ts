import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTransfers, openAs, type TransfersHarness } from './support/transfers-harness';

const MINUTE = 60_000;

describe('wrong passwords for one transfer from many addresses', () => {
  let harness: TransfersHarness;

  beforeAll(async () => {
    harness = await bootTransfers('pw_transfer');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('when 20 addresses sent wrong passwords within the hour, then the link refuses everyone with 429, except the mailed recipients through their own link, until the hour has passed', async () => {
    const transfer = await harness.seedTransfer({ password: 'open sesame', recipients: ['bo@client.example'] });
    for (let host = 1; host <= 20; host += 1) {
      expect(await openAs(harness, transfer, { ip: `192.0.2.${host}`, password: `guess ${host}` })).toEqual({ code: 'PASSWORD_INCORRECT' });
      harness.advance(MINUTE);
    }

    const stranger = { ip: '198.51.100.1', password: 'open sesame' };
    for (const route of ['get', 'file', 'zip'] as const) {
      const refused = await openAs(harness, transfer, stranger, route);
      expect(refused.code).toBe('TOO_MANY_ATTEMPTS');
      // The first wrong password was 20 minutes ago: 40 minutes are left of its hour.
      expect(refused.retryAfterSeconds).toBe(40 * 60);
    }
    const recipient = { ip: '198.51.100.2', password: 'open sesame', recipient: transfer.recipientTokens[0] };
    expect(await openAs(harness, transfer, recipient)).toEqual({ code: 'OK' });
    expect(await openAs(harness, transfer, recipient, 'file')).toEqual({ code: 'OK' });
    expect(await openAs(harness, transfer, { ...recipient, recipient: 'notARecipient' })).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });

    harness.advance(40 * MINUTE);
    expect(await openAs(harness, transfer, stranger)).toEqual({ code: 'OK' });
  });
});
