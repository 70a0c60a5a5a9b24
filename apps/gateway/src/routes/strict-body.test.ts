import { HTTP_ROUTES } from '@ferry/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findLenientObject } from './strict-body';

describe('request bodies', () => {
  it('when any route of the public API takes a body, then every object in it refuses unknown fields', () => {
    const withBody = HTTP_ROUTES.filter((route) => route.body);
    expect(withBody.length).toBeGreaterThan(20);
    expect(withBody.map((route) => [`${route.method} ${route.path}`, findLenientObject(route.body as z.ZodType)]).filter(([, lenient]) => lenient)).toEqual([]);
  });

  it('when a schema has a lenient object at any depth, then it is found by its path', () => {
    expect(findLenientObject(z.object({ a: z.string() }))).toBe('body');
    expect(findLenientObject(z.strictObject({ files: z.array(z.object({ name: z.string() })) }))).toBe('body.files[]');
    expect(findLenientObject(z.union([z.strictObject({ a: z.string() }), z.object({ b: z.string() })]))).toBe('body');
    expect(findLenientObject(z.strictObject({ files: z.array(z.strictObject({ name: z.string() })).optional() }))).toBeNull();
    expect(findLenientObject(z.strictObject({ meta: z.looseObject({ a: z.string() }) }))).toBe('body.meta');
    expect(findLenientObject(z.strictObject({ a: z.string() }).passthrough())).toBe('body');
    expect(findLenientObject(z.strictObject({ tags: z.record(z.string(), z.string()) }))).toBeNull();
  });
});
