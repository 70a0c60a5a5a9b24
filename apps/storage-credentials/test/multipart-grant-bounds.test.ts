import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_RPC, type TUploadGrant } from '@ferry/contracts';
import type { LocalDriver } from '../src/drivers/local/local-driver';
import { bootStorage, putBytes, type StorageHarness } from './storage.harness';

const MIB = 1024 * 1024;

describe('a multipart grant holds its size', () => {
  let h: StorageHarness;
  beforeAll(async () => {
    h = await bootStorage('multipart_bounds');
  });
  afterAll(async () => {
    await h?.close();
  });

  async function grant(size: number): Promise<TUploadGrant> {
    const { grants } = await h.call(STORAGE_RPC.createUploadGrants, { owner: { type: 'anonUpload', slug: 'attacker' }, files: [{ name: 'big.bin', size }] });
    return grants[0]!;
  }

  function place() {
    const found = h.storage.deps.regions.get('anon');
    return { driver: found.driver as LocalDriver, bucket: found.bucket };
  }

  /** What the upload's parts hold on disk now, in plaintext bytes. */
  async function storedBytes(g: TUploadGrant): Promise<number> {
    const { parts } = await h.call(STORAGE_RPC.listUploadParts, { uploadToken: g.uploadToken });
    return parts.reduce((sum, p) => sum + p.size, 0);
  }

  /** A PUT that may be answered before its body is sent: a refused upload shows as its status, or as a cut connection. */
  async function tryPut(request: { url: string; headers: Record<string, string> }, body: Uint8Array): Promise<number | 'cut'> {
    try {
      const res = await putBytes(request, body);
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 'cut';
    }
  }

  it('when four parts of 50 MiB are asked for on a 50 MiB grant, then only the first is signed, and no other part fits beside it', async () => {
    const g = await grant(50 * MIB);
    const first = await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: [{ partNumber: 1, size: 50 * MIB }] });
    expect(first.parts).toHaveLength(1);
    for (const partNumber of [2, 3, 4]) {
      // Part n starts (n - 1) units into the file, so 50 MiB from there runs past its end.
      await expect(h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: [{ partNumber, size: 50 * MIB }] })).rejects.toMatchObject({
        code: 'PART_OUT_OF_RANGE',
        status: 400,
      });
    }
    // A part that fits the file on its own is refused too: part 1 can already be given all 50 MiB.
    await expect(h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: [{ partNumber: 2, size: MIB / 2 }] })).rejects.toMatchObject({
      code: 'UPLOAD_TOO_LARGE',
      status: 413,
    });
    await expect(
      h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: [{ partNumber: 1, size: 25 * MIB }, { partNumber: 51, size: 25 * MIB }] }),
    ).rejects.toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
  });

  it('when 50 MiB is PUT to each of four part URLs of a 50 MiB grant, then storage holds at most the grant', async () => {
    const g = await grant(50 * MIB);
    const { driver, bucket } = place();
    const body = new Uint8Array(50 * MIB);
    const statuses: (number | 'cut')[] = [];
    // URLs signed straight by the driver, as if the sign call's own bound had been passed: the door still counts.
    for (const partNumber of [1, 2, 3, 4]) {
      const url = await driver.presignPart({ bucket, key: g.key, uploadId: g.multipart!.uploadId, partNumber, size: 50 * MIB, expiresInSeconds: 600 });
      statuses.push(await tryPut(url, body));
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((s) => s === 413 || s === 'cut')).toBe(true);
    expect(await storedBytes(g)).toBeLessThanOrEqual(50 * MIB);
    // A part number that was refused was never written, so a retry of part 1 still fits.
    expect(await tryPut(await driver.presignPart({ bucket, key: g.key, uploadId: g.multipart!.uploadId, partNumber: 1, size: 50 * MIB, expiresInSeconds: 600 }), body)).toBe(200);
    expect(await storedBytes(g)).toBe(50 * MIB);
  });

  it('when parts without a length stream past what the grant has left, then the PUT is cut off and nothing of it is kept', async () => {
    const g = await grant(50 * MIB);
    const { driver, bucket } = place();
    const url = await driver.presignPart({ bucket, key: g.key, uploadId: g.multipart!.uploadId, partNumber: 1, size: 40 * MIB, expiresInSeconds: 600 });
    expect(await tryPut(url, new Uint8Array(40 * MIB))).toBe(200);
    const second = await driver.presignPart({ bucket, key: g.key, uploadId: g.multipart!.uploadId, partNumber: 81, size: 40 * MIB, expiresInSeconds: 600 });
    const chunked = await fetch(second.url, {
      method: second.method,
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 20; i += 1) controller.enqueue(new Uint8Array(MIB));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 'cut' as const,
    );
    expect([413, 'cut']).toContain(chunked);
    expect(await storedBytes(g)).toBe(40 * MIB);
  });

  it('when a part number beyond the grant is asked for, then signing refuses it with 400 PART_OUT_OF_RANGE and the store refuses its PUT', async () => {
    const size = 50 * MIB + 123;
    const g = await grant(size);
    expect(g.multipart).toMatchObject({ minPartSize: 512 * 1024, maxParts: 101 });
    const last = await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: [{ partNumber: 101, size: 123 }] });
    expect(last.parts!.map((p) => p.partNumber)).toEqual([101]);
    await expect(h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: [{ partNumber: 102, size: 1 }] })).rejects.toMatchObject({
      code: 'PART_OUT_OF_RANGE',
      status: 400,
    });
    await expect(h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: [{ partNumber: 10_000, size: 1 }] })).rejects.toMatchObject({
      code: 'PART_OUT_OF_RANGE',
    });
    // A part that would run past the end of the file from where it starts is refused too.
    await expect(h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: [{ partNumber: 100, size: MIB }] })).rejects.toMatchObject({
      code: 'PART_OUT_OF_RANGE',
    });
    const { driver, bucket } = place();
    const beyond = await driver.presignPart({ bucket, key: g.key, uploadId: g.multipart!.uploadId, partNumber: 102, size: 1, expiresInSeconds: 600 });
    const res = await putBytes(beyond, new Uint8Array(1));
    expect(res.status).toBe(400);
    expect((await res.json()) as unknown).toMatchObject({ error: { code: 'PART_OUT_OF_RANGE' } });
    expect((await h.call(STORAGE_RPC.listUploadParts, { uploadToken: g.uploadToken })).parts).toEqual([]);
  });

  it('when a part URL is signed, then it takes exactly its size: one byte more is refused with 413', async () => {
    const g = await grant(50 * MIB);
    const { parts } = await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts: [{ partNumber: 1, size: MIB }] });
    const over = await putBytes(parts![0]!, new Uint8Array(MIB + 1));
    expect(over.status).toBe(413);
    expect((await over.json()) as unknown).toMatchObject({ error: { code: 'UPLOAD_TOO_LARGE' } });
    expect((await putBytes(parts![0]!, new Uint8Array(MIB))).status).toBe(200);
  });

  it('when parts are signed again with the sizes they had, then the grant has room for them (a re-sign after expiry)', async () => {
    const g = await grant(50 * MIB);
    const parts = [
      { partNumber: 1, size: 25 * MIB },
      { partNumber: 51, size: 25 * MIB },
    ];
    await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts });
    const again = await h.call(STORAGE_RPC.signUpload, { uploadToken: g.uploadToken, parts });
    expect(again.parts!.map((p) => p.partNumber)).toEqual([1, 51]);
  });
});
