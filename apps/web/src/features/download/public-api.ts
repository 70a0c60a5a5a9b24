import { fetchBaseQuery, type BaseQueryApi, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import { API_BASE } from '../../app/api';

/**
 * The public routes (download, request and extension pages) are `auth: none`: no bearer goes with
 * them, and a 401 there is a transfer password, never a session to refresh.
 */
const publicBaseQuery = fetchBaseQuery({ baseUrl: API_BASE });

export type PublicResult<T> = { data: T; error?: undefined } | { error: FetchBaseQueryError; data?: undefined };

/** One call to a public route, its answer checked against the contract when a schema is given. */
export async function publicCall<T>(args: FetchArgs, api: BaseQueryApi, schema?: z.ZodType<T>): Promise<PublicResult<T>> {
  const result = await publicBaseQuery(args, api, {});
  if (result.error) return { error: result.error };
  if (!schema) return { data: result.data as T };
  const parsed = schema.safeParse(result.data);
  if (!parsed.success) return { error: { status: 'PARSING_ERROR', originalStatus: 200, data: String(result.data), error: parsed.error.message } };
  return { data: parsed.data };
}

/** The transfer password travels in a header, never in the URL. */
export function passwordHeaders(password: string | undefined): Record<string, string> {
  return password ? { 'X-Transfer-Password': password } : {};
}
