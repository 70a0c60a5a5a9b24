import { ERROR_STATUS, type HttpRoute } from '@ferry/contracts';
import { z } from 'zod';

function toSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

function parametersOf(route: HttpRoute): unknown[] {
  const inPath = Object.keys(route.params?.shape ?? {}).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const inQuery = Object.entries(route.query?.shape ?? {}).map(([name, field]) => ({
    name,
    in: 'query',
    required: !(field as z.ZodType).safeParse(undefined).success,
    schema: toSchema(field as z.ZodType, 'input'),
  }));
  return [...inPath, ...inQuery];
}

/** The OpenAPI 3 document of the API, generated from the route contracts of `@ferry/contracts`. */
export function buildOpenApiDocument(routes: readonly HttpRoute[], publicUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api/v1${route.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, '{$1}')}`;
    const parameters = parametersOf(route);
    const responses: Record<string, unknown> = {
      [route.status]: route.response
        ? { description: `${route.status}`, content: { 'application/json': { schema: toSchema(route.response, 'output') } } }
        : { description: `${route.status}` },
    };
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
              properties: { code: { type: 'string', enum: Object.keys(ERROR_STATUS) }, message: { type: 'string' }, requestId: { type: 'string' } },
            },
          },
        },
      },
    },
  };
}
