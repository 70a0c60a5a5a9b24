import { TEST_CLOCK_ROUTES, TEST_CLOCK_RPC } from '@ferry/contracts';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** The test clock (TEST_CLOCK_ROUTES): transfers answers 404 unless it runs with FERRY_TEST_CLOCK=1. */
export function testClockRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(TEST_CLOCK_ROUTES.get, () => bus.request(TEST_CLOCK_RPC.get, {})),
    bindRoute(TEST_CLOCK_ROUTES.set, ({ body }) => bus.request(TEST_CLOCK_RPC.set, body)),
  ];
}
