import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger } from '@ferry/bus/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountRoutes } from './account.routes';
import { authRoutes } from './auth.routes';
import { feedbackRoutes } from './feedback.routes';
import { notificationRoutes } from './notifications.routes';
import { requestsRoutes } from './requests.routes';
import { storageRoutes } from './storage.routes';
import { findLenientObject } from './strict-body';
import { transfersRoutes } from './transfers.routes';

describe('request bodies', () => {
  it('when any route of the public API takes a body, then every object in it refuses unknown fields', () => {
    const deps = { bus: createInProcessBus({ log: createMemoryLogger() }), secureCookies: false, rpcTimeoutMs: 1000 };
    const routes = [authRoutes, accountRoutes, storageRoutes, transfersRoutes, notificationRoutes, requestsRoutes, feedbackRoutes].flatMap((build) => build(deps));
    const withBody = routes.filter((route) => route.body);
    expect(withBody.length).toBeGreaterThan(20);
    expect(withBody.map((route) => [`${route.method} ${route.path}`, findLenientObject(route.body as z.ZodType)]).filter(([, lenient]) => lenient)).toEqual([]);
  });

  it('when a schema has a lenient object at any depth, then it is found by its path', () => {
    expect(findLenientObject(z.object({ a: z.string() }))).toBe('body');
    expect(findLenientObject(z.strictObject({ files: z.array(z.object({ name: z.string() })) }))).toBe('body.files[]');
    expect(findLenientObject(z.union([z.strictObject({ a: z.string() }), z.object({ b: z.string() })]))).toBe('body');
    expect(findLenientObject(z.strictObject({ files: z.array(z.strictObject({ name: z.string() })).optional() }))).toBeNull();
  });
});
