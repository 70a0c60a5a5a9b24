import type { TUser } from '@ferry/contracts';
import { vi } from 'vitest';

export interface GatewayCall {
  method: string;
  /** The path under /api/v1, e.g. `/auth/email-codes`. */
  path: string;
  body: unknown;
}

/** A reply as the gateway would give it, or `network` for a request that never reaches it. */
export type GatewayReply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network';
type Route = GatewayReply | ((call: GatewayCall) => GatewayReply);

/**
 * Answers the web app's fetches the way the gateway does (JSON bodies, `{error: {code, message}}`),
 * at the network level: the real api slice, base query and error handling run. Routes are keyed
 * `METHOD /path`; an unknown route answers 404 so a test sees the call it did not expect.
 */
export function stubGateway(routes: Record<string, Route>) {
  const calls: GatewayCall[] = [];
  const BaseRequest = globalThis.Request;
  // jsdom has no fetch: Node's Request needs an absolute URL, the browser resolves against the page.
  class PageRequest extends BaseRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof BaseRequest ? input : new PageRequest(input, init);
      const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
      const text = await request.text();
      const call: GatewayCall = { method: request.method, path, body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const route = routes[`${call.method} ${path}`];
      const reply = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: `no stub for ${call.method} ${path}` } } });
      if (reply === 'network') throw new TypeError('Failed to fetch');
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json', ...reply.headers },
      });
    }),
  );
  return {
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export function gatewayError(status: number, code: string, message = code): GatewayReply {
  return { status, body: { error: { code, message, requestId: 'test-request' } } };
}

export function userFixture(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 'u_1',
    email: 'ada@example.com',
    fullName: 'Ada Lovelace',
    greetingName: null,
    company: 'Analytical Ltd',
    profilePic: null,
    region: 'oss-cn-hongkong',
    role: 'PRM',
    plan: 'PRM',
    status: 'unpaid',
    lang: 'en',
    loginCount: 1,
    isTeamMember: false,
    parentAdmin: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

export function sessionReply(status: number, user: Partial<TUser> = {}): GatewayReply {
  return { status, body: { accessToken: 'access-token', user: userFixture(user) } };
}
