import { describe, expect, it } from 'vitest';
import { allowedStep, parseStep } from './register-steps';

describe('register steps', () => {
  it('reads the step from the query, anything else is step 1', () => {
    expect([parseStep('1'), parseStep('2'), parseStep('3'), parseStep(null), parseStep('4'), parseStep('x')]).toEqual([1, 2, 3, 1, 1, 1]);
  });

  it.each([
    [1, null, 1],
    [2, null, 1],
    [3, null, 1],
    [2, { email: 'a@b.co', isEmailVerified: false }, 2],
    [3, { email: 'a@b.co', isEmailVerified: false }, 2],
    [3, { email: 'a@b.co', isEmailVerified: true }, 3],
    [1, { email: 'a@b.co', isEmailVerified: true }, 1],
  ] as const)('when step %s is asked with registration %j, then step %s is allowed', (requested, registration, expected) => {
    expect(allowedStep(requested, registration)).toBe(expected);
  });
});
