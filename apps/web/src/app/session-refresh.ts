import { AUTH_ROUTES, ZSessionResponse, type TSessionResponse } from '@ferry/contracts';
import { routeArgs } from './route-args';

/**
 * The refresh call and the session's schema, loaded with the first refresh (a stored session, a 401):
 * a visitor's first page does without zod and the auth routes.
 */
export function refreshArgs() {
  return routeArgs(AUTH_ROUTES.refresh, {});
}

/** The session a refresh answered with, or null when the answer is not one. */
export function sessionOf(data: unknown): TSessionResponse | null {
  const parsed = ZSessionResponse.safeParse(data);
  return parsed.success ? parsed.data : null;
}
