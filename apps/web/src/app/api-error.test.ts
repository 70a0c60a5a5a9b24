import { describe, expect, it } from 'vitest';
import { apiProblem } from './api-error';

describe('apiProblem', () => {
  it("when the gateway answers one of its codes, then the problem carries it; any other answer becomes HTTP_<status>", () => {
    const answer = (code: unknown) => ({ status: 429, data: { error: { code, message: 'wait', details: { retryAfterSeconds: 2.5 } } } });
    expect(apiProblem(answer('TOO_MANY_ATTEMPTS'))).toEqual({ status: 429, code: 'TOO_MANY_ATTEMPTS', message: 'wait', retryAfterSeconds: 3 });
    expect(apiProblem(answer('NOT_A_CODE')).code).toBe('HTTP_429');
    expect(apiProblem({ status: 502, data: '<html>' }).code).toBe('HTTP_502');
    expect(apiProblem({ status: 'FETCH_ERROR', error: 'down' }).code).toBe('NETWORK');
  });
});
