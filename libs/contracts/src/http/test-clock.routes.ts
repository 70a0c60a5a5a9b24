import { ZTestClock, ZTestClockBody } from '../test-clock/test-clock.rpc';
import { defineHttpRoute } from './define-http-route';

/** The clock tests move; 404 unless every service runs with FERRY_TEST_CLOCK=1 (never in production). */
export const TEST_CLOCK_ROUTES = {
  get: defineHttpRoute({
    method: 'get', path: '/test-clock', tag: 'testing', auth: 'none', summary: "The services' time and the test offset (FERRY_TEST_CLOCK=1 only; 404 otherwise)",
    status: 200, response: ZTestClock, errors: [404],
  }),
  set: defineHttpRoute({
    method: 'post', path: '/test-clock', tag: 'testing', auth: 'none',
    summary: 'Move the test clock: {advanceMs} adds to the offset, {offsetMs} sets it (0 = real time). FERRY_TEST_CLOCK=1 only; 404 otherwise',
    body: ZTestClockBody, status: 200, response: ZTestClock, errors: [400, 404],
  }),
} as const;
