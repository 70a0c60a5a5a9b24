import { randomInt } from 'node:crypto';
import type { BILLING_RPC, TLifetimeCodes } from '@ferry/contracts';
import type { BillingDeps, RpcRequest } from './billing.ports';

/** Letters and digits a person reads back without confusion (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `LTD-XXXX-XXXX-XXXX`: 12 random characters of 31, about 59 bits, from the system's CSPRNG. */
function newLifetimeCode(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `LTD-${group()}-${group()}-${group()}`;
}

/** An operator's `ferry-admin lifetime-codes create <n>`: n new single-use lifetime-deal codes. */
export async function createLifetimeCodes(deps: BillingDeps, request: RpcRequest<typeof BILLING_RPC.createLifetimeCodes>): Promise<TLifetimeCodes> {
  const codes = Array.from({ length: request.count }, newLifetimeCode);
  await deps.store.insertLifetimeCodes(codes, deps.clock());
  return { codes };
}
