import { z } from 'zod';
import type { RouteSpec } from '../routes/route-registry';

function toSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

/** The OpenAPI 3 document of the routes the gateway actually mounted, from their contracts. */
export function buildOpenApiDocument(routes: RouteSpec[], publicUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api/v1${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    const parameters = Object.keys(route.params?.shape ?? {}).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      responses[status] = schema
        ? { description: `${status}`, content: { 'application/json': { schema: toSchema(schema, 'output') } } }
        : { description: `${status}` };
    }
    for (const status of route.errors ?? []) {
      responses[String(status)] = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    paths[path] = {
      ...paths[path],
      [route.method]: {
        summary: route.summary,
        tags: [route.tag],
        ...(parameters.length ? { parameters } : {}),
        ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } } } : {}),
        ...(route.auth === 'user' ? { security: [{ bearer: [] }] } : route.auth === 'optional' ? { security: [{}, { bearer: [] }] } : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Ferry API', version: '1.0.0', description: 'Send large files, request files, know when they are downloaded.' },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, refreshCookie: { type: 'apiKey', in: 'cookie', name: 'ferry_rt' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'requestId'],
              properties: { code: { type: 'string' }, message: { type: 'string' }, requestId: { type: 'string' } },
            },
          },
        },
      },
    },
  };
}
