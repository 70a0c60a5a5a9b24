import { afterEach, describe, expect, it, vi } from 'vitest';
import { gatewayError, sessionReply, stubGateway } from '../features/auth/testing/gateway-stub';
import { refreshSession } from './api';
import { createStore } from './store';

describe('restoring a session with the refresh cookie', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the gateway answers 503 and then the session, then the visitor stays signed in', async () => {
    let calls = 0;
    const gateway = stubGateway({
      'POST /auth/refresh': () => (++calls === 1 ? gatewayError(503, 'UNAVAILABLE') : sessionReply(200)),
    });
    const store = createStore();
    expect(await refreshSession(store)).toBe(true);
    expect(gateway.callsTo('POST /auth/refresh')).toHaveLength(2);
    expect(store.getState().session.accessToken).toBe('access-token');
  });

  it('when the network fails twice, then the third try restores the session', async () => {
    let calls = 0;
    stubGateway({ 'POST /auth/refresh': () => (++calls < 3 ? 'network' : sessionReply(200)) });
    const store = createStore();
    expect(await refreshSession(store)).toBe(true);
    expect(calls).toBe(3);
  });

  it('when the gateway answers 429 (too many requests from this address), then the refresh waits what it asked and the visitor stays signed in', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      // As the gateway's per-address limiter answers: the wait in the Retry-After header only.
      const limited = { status: 429, headers: { 'retry-after': '4' }, body: { error: { code: 'RATE_LIMITED', message: 'Too many requests', requestId: 'r' } } };
      const gateway = stubGateway({ 'POST /auth/refresh': () => (++calls === 1 ? limited : sessionReply(200)) });
      const store = createStore();
      const restored = refreshSession(store);
      await vi.advanceTimersByTimeAsync(3_900);
      expect(gateway.callsTo('POST /auth/refresh')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      expect(await restored).toBe(true);
      expect(gateway.callsTo('POST /auth/refresh')).toHaveLength(2);
      expect(store.getState().session.accessToken).toBe('access-token');
    } finally {
      vi.useRealTimers();
    }
  });

  it('when the refresh token is refused (401), then the visitor is signed out at once, without another try', async () => {
    const gateway = stubGateway({ 'POST /auth/refresh': gatewayError(401, 'REFRESH_INVALID') });
    const store = createStore();
    expect(await refreshSession(store)).toBe(false);
    expect(gateway.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(store.getState().session.accessToken).toBeNull();
  });

  it('when the gateway keeps failing, then after three tries the visitor is signed out', async () => {
    const gateway = stubGateway({ 'POST /auth/refresh': gatewayError(502, 'BAD_GATEWAY') });
    const store = createStore();
    expect(await refreshSession(store)).toBe(false);
    expect(gateway.callsTo('POST /auth/refresh')).toHaveLength(3);
  });
});
