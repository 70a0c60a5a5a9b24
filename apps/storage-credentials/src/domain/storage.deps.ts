import type { Logger } from '@ferry/service-kit';
import type { ObjectsStore } from '../store/objects.store';
import type { SignedPartsStore } from '../store/signed-parts.store';
import type { ObjectHasher } from './object-hasher';
import type { RegionTable } from './region-table';
import type { TokenSigner } from './token-signer';

export interface StorageDeps {
  store: ObjectsStore;
  signedParts: SignedPartsStore;
  regions: RegionTable;
  tokens: TokenSigner;
  hasher: ObjectHasher;
  /** Re-wraps the local driver's data keys with the current master key; absent when no region stores locally. */
  rewrapLocalDataKeys?: () => Promise<{ keyId: string; rewrapped: number; alreadyCurrent: number; unreadable: string[] }>;
  /** Where ZIP links point (this service's public origin). */
  publicUrl: string;
  clock: () => Date;
  log: Logger;
}

/** PRODUCT.md section 9: signed PUT and part URLs 1 h, signed GET 600 s, resumable 7 days. */
export const PUT_URL_SECONDS = 3600;
export const GET_URL_SECONDS = 600;
export const UPLOAD_TOKEN_SECONDS = 7 * 24 * 3600;
export const MULTIPART_THRESHOLD_BYTES = 50 * 1024 * 1024;
/** No store takes a bigger part. */
export const MAX_PART_BYTES = 5 * 1024 ** 3;
