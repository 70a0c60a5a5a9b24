import type { Registration } from './registration-storage';

export type RegisterStep = 1 | 2 | 3;

export function parseStep(raw: string | null): RegisterStep {
  return raw === '2' ? 2 : raw === '3' ? 3 : 1;
}

/**
 * The register guards of PRODUCT.md: step 2 or higher needs a registration email (else step 1),
 * step 3 needs that email verified (else step 2).
 */
export function allowedStep(requested: RegisterStep, registration: Registration | null): RegisterStep {
  if (requested >= 2 && !registration?.email) return 1;
  if (requested === 3 && !registration?.isEmailVerified) return 2;
  return requested;
}
