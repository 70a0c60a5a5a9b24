import { vi } from 'vitest';

/** One request the page made, as the stub saw it. */
export interface StubCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface StubAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `'METHOD /path'` (no query string) -> the answer; unknown routes answer 404 NOT_FOUND. */
export type StubRoutes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer | Promise<StubAnswer>)>;

/**
 * A stand-in for the gateway (and storage) behind `fetch` for component tests: answers JSON the
 * way the gateway does (`{error: {code, message}}` on failure) and records every call.
 */
export function stubGateway(routes: StubRoutes): { calls: StubCall[]; callsTo(route: string): StubCall[] } {
  const calls: StubCall[] = [];
  // Node's Request wants absolute URLs; the app calls /api/v1 on its own origin.
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    // An upload part is a File slice (jsdom's Blob), which Node's Request does not take as a body: read it here.
    const blobBody = init?.body instanceof Blob ? init.body : null;
    const request = input instanceof NodeRequest ? input : new PageRequest(input, blobBody ? { ...init, body: null } : init);
    const text = blobBody ? new TextDecoder().decode(await blobBody.arrayBuffer()) : request.body ? await request.text() : '';
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // bytes of an upload: kept as text
    }
    const call: StubCall = { method: request.method, url: new URL(request.url), headers: request.headers, body };
    calls.push(call);
    const route = routes[`${call.method} ${call.url.pathname}`];
    const answer: StubAnswer = route
      ? typeof route === 'function'
        ? await route(call)
        : route
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    const hasBody = answer.body !== undefined;
    return new Response(hasBody ? JSON.stringify(answer.body) : null, {
      status: answer.status,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...answer.headers },
    });
  });
  return { calls, callsTo: (route) => calls.filter((c) => `${c.method} ${c.url.pathname}` === route) };
}

/** The gateway's error body. */
export function gatewayError(status: number, code: string, message = code): StubAnswer {
  return { status, body: { error: { code, message, requestId: 'test' } } };
}
