import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger, handle } from '@ferry/bus/testing';
import { GEO_RPC } from '@ferry/contracts';
import { waitFor } from '@ferry/testing';
import { describe, expect, it } from 'vitest';
import { createRouteBus } from '../src/rpc/route-bus';

const PLACE = { known: true, countryCode: 'AE', country: 'United Arab Emirates', city: 'Dubai' } as const;

describe('the routes\' bus during a rollout', () => {
  it('when no replica answers the first try but one is ready by the retry, then the call succeeds', async () => {
    const bus = createInProcessBus({ log: createMemoryLogger() });
    let tries = 0;
    const counting = { ...bus, request: ((...args: Parameters<typeof bus.request>) => { tries += 1; return bus.request(...args); }) as typeof bus.request };
    const routeBus = createRouteBus(counting, { timeoutFloorMs: 1_000, retryDelayMs: 400 });
    const answer = routeBus.request(GEO_RPC.lookup, { ip: '94.200.0.1' });
    // The first try found nobody; the replica becomes ready before the retry.
    await waitFor('the first try', () => tries === 1);
    await bus.serve('geo', [handle(GEO_RPC.lookup, async () => PLACE)]);
    await expect(answer).resolves.toEqual(PLACE);
    expect(tries).toBe(2);
    await bus.drain();
  });

  it('when no replica answers the retry either, then SERVICE_UNAVAILABLE says when to try again', async () => {
    const bus = createInProcessBus({ log: createMemoryLogger() });
    const routeBus = createRouteBus(bus, { timeoutFloorMs: 1_000, retryDelayMs: 10 });
    await expect(routeBus.request(GEO_RPC.lookup, { ip: '94.200.0.1' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { retryAfterSeconds: 2 } });
    await bus.drain();
  });

  it('when a service answers with its own error, then it is passed on and not retried', async () => {
    const bus = createInProcessBus({ log: createMemoryLogger() });
    let served = 0;
    await bus.serve('geo', [handle(GEO_RPC.lookup, async () => {
      served += 1;
      throw new Error('lookup crashed');
    })]);
    await expect(createRouteBus(bus, { timeoutFloorMs: 1_000, retryDelayMs: 10 }).request(GEO_RPC.lookup, { ip: '94.200.0.1' })).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(served).toBe(1);
    await bus.drain();
  });
});
