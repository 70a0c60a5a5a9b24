import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('duplicate files in a draft', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('create_duplicates');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a name repeats in the same folder, then the later one is dropped as a Duplicate file; the same name in another folder stays', async () => {
    const created = await h.call(TRANSFERS_RPC.create, {
      caller: h.user(),
      draft: draft({
        sendAs: 'link',
        files: [draftFile('a.txt'), draftFile('a.txt'), draftFile('a.txt', 11, 'docs'), draftFile('a.txt', 11, '/docs/'), draftFile('b.txt')],
      }),
      client: {},
    });
    expect(created.uploads.map((g) => g.name)).toEqual(['a.txt', 'a.txt', 'b.txt']);
    expect(created.dropped).toEqual([
      { name: 'a.txt', path: null, reason: 'duplicate', title: 'Duplicate file' },
      { name: 'a.txt', path: 'docs', reason: 'duplicate', title: 'Duplicate file' },
    ]);
    const files = await h.db('transfer_files').where({ transfer_id: created.id }).orderBy('position');
    expect(files.map((f) => [f.position, f.path, f.name])).toEqual([
      [0, null, 'a.txt'],
      [1, 'docs', 'a.txt'],
      [2, null, 'b.txt'],
    ]);
  });
});
