import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { ZGrantList } from '@ferry/contracts';
import { completionOf, createHttpUploadApi, uploadFile } from '@ferry/upload-engine';
import { createFileCheckpointStore, fileSource } from '@ferry/upload-engine/node';

/** One upload as this process measured it. */
export interface UploadMeasure {
  seconds: number;
  /** User + system CPU seconds of this process (all threads) over the upload. */
  cpuSeconds: number;
  minorPageFaults: number;
}

/** POSTs JSON to a product's API (`…/api/v1`) and answers the parsed body; throws on any status but 2xx. */
export async function postJson(api: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const res = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** A fresh access token for a user of the product (they last minutes; a bench's rounds take longer). */
export async function accessTokenOf(api: string, email: string, password: string): Promise<string> {
  return ((await postJson(api, '/auth/login', { email, password })) as { accessToken: string }).accessToken;
}

/**
 * Uploads a file through a product's HTTP API as `ferry upload` does (the grant, the engine's parts to
 * the product's storage, complete) and measures this process over it.
 */
export async function uploadThroughApi(options: { api: string; token: string; path: string; partBytes: number; checkpoints: string }): Promise<UploadMeasure> {
  const post = (path: string, body: unknown, token?: string) => postJson(options.api, path, body, token);
  const usage0 = process.resourceUsage();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const size = (await stat(options.path)).size;
  const [grant] = ZGrantList.parse(await post('/storage/grants', { files: [{ name: basename(options.path), size }] }, options.token)).grants;
  if (!grant) throw new Error('no grant');
  const result = await uploadFile({
    source: await fileSource(options.path),
    grant,
    api: createHttpUploadApi({ apiUrl: options.api }),
    checkpoints: createFileCheckpointStore(options.checkpoints),
    partSize: options.partBytes,
  });
  await post('/storage/uploads/complete', { uploads: [completionOf(result)] });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, minorPageFaults: process.resourceUsage().minorPageFault - usage0.minorPageFault };
}
