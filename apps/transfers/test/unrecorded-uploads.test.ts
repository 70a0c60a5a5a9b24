import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUESTS_RPC, TRANSFERS_RPC, ZForwardBody } from '@ferry/contracts';
import { createRequest } from './support/request-harness';
import { bootTransfers, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('uploads and copies that no transfer records', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('unrecorded');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when storage answers fewer grants than files, then the send fails, every grant it got is aborted and nothing is recorded', async () => {
    const ada = h.user();
    h.storage.faults.dropLastGrant = true;
    try {
      const aborted = h.storage.aborted.length;
      await expect(h.call(TRANSFERS_RPC.create, { caller: ada, draft: draft({ sendAs: 'link', files: [draftFile('a.txt'), draftFile('b.txt')] }), client: {} })).rejects.toThrow();
      expect(h.storage.aborted.length - aborted).toBe(1);
      expect(await h.db('transfers').where({ sender_id: ada.sub })).toEqual([]);

      const request = await createRequest(h, ada);
      await expect(
        h.call(REQUESTS_RPC.startUpload, { slug: request.slug, client: {}, body: { files: [{ name: 'a.pdf', size: 1 }, { name: 'b.pdf', size: 1 }] } }),
      ).rejects.toThrow();
      expect(h.storage.aborted.length - aborted).toBe(2);
      expect(await h.db('request_files')).toEqual([]);
    } finally {
      h.storage.faults.dropLastGrant = false;
    }
  });

  it('when storage did not copy every forwarded file, then the forward fails, the copies made are deleted and no transfer is recorded', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt'), draftFile('b.txt')] });
    h.storage.faults.dropLastCopy = true;
    try {
      const objects = new Set(h.storage.objects.keys());
      await expect(h.call(TRANSFERS_RPC.forward, { caller: ada, slug: sent.slug, body: ZForwardBody.parse({ sendAs: 'link', fileIds: sent.fileIds }) })).rejects.toThrow();
      const copies = [...h.storage.objects.values()].filter((o) => !objects.has(o.fileId));
      expect(copies).toHaveLength(1);
      expect(copies.every((o) => o.status === 'deleted')).toBe(true);
      expect(await h.db('transfers').whereNotNull('forwarded_from')).toEqual([]);
    } finally {
      h.storage.faults.dropLastCopy = false;
    }
  });
});
