import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTransfers, openAs, type TransfersHarness } from './support/transfers-harness';

describe('an address walking the slug space', () => {
  let harness: TransfersHarness;

  beforeAll(async () => {
    harness = await bootTransfers('slug_misses');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('when an address looked up 30 unknown links in 10 minutes, then it is answered 429 with how long to wait', async () => {
    const unknown = { id: '', slug: 'zzzzzzz', fileId: '', recipientTokens: [] };
    for (let miss = 0; miss < 30; miss += 1) {
      expect(await openAs(harness, unknown, { ip: '203.0.113.9' })).toEqual({ code: 'NOT_FOUND' });
    }
    harness.advance(60_000);

    expect(await openAs(harness, unknown, { ip: '203.0.113.9' })).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 9 * 60 });
  });
});
