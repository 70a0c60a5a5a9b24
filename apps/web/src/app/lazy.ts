import { lazy, type ComponentType } from 'react';

const RETRIES = 5;
const WAIT_MS = 3_000;
const TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor() {
    super('Loading chunk failed after 5 retries');
    this.name = 'ChunkLoadError';
  }
}

/** A page chunk that fails to load is tried again up to 5 times, 3 s apart, within 120 s (PRODUCT.md section 4). */
export async function loadWithRetry<T>(load: () => Promise<T>, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch {
      if (attempt >= RETRIES || Date.now() - started > TIMEOUT_MS) throw new ChunkLoadError();
      await wait(WAIT_MS);
    }
  }
}

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadWithRetry(load));
}
