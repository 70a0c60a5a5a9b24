import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUESTS_RPC, TRANSFERS_RPC } from '@ferry/contracts';
import { createRequest } from './support/request-harness';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('the storage region of a quick send', () => {
  let h: TransfersHarness;
  const regionsOf = (fileIds: string[]) => fileIds.map((id) => h.storage.objects.get(id)?.region);
  beforeAll(async () => {
    h = await bootTransfers('region');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a user whose saved region is Frankfurt sends without a region, then the files are granted and stored in Frankfurt', async () => {
    const ada = h.user({ region: 'oss-eu-central-1' });
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.pdf'), draftFile('b.pdf')] });

    expect(sent.uploads.map((g) => g.region)).toEqual(['oss-eu-central-1', 'oss-eu-central-1']);
    expect(regionsOf(sent.fileIds)).toEqual(['oss-eu-central-1', 'oss-eu-central-1']);
    expect((await h.call(TRANSFERS_RPC.get, { caller: ada, slug: sent.slug })).region).toBe('oss-eu-central-1');
  });

  it('when the draft names a region, then it wins over the saved one', async () => {
    const ada = h.user({ region: 'oss-eu-central-1' });
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.pdf')], region: 'oss-us-west-1' });
    expect(regionsOf(sent.fileIds)).toEqual(['oss-us-west-1']);
  });

  it("when a team member sends or asks for files, then the team admin's saved region is used, not the member's own", async () => {
    const admin = h.user({ role: 'business', region: 'oss-eu-central-1' });
    const member = h.user({ role: 'business', admin, region: 'oss-me-east-1' });
    const sent = await h.send(member, { sendAs: 'link', files: [draftFile('a.pdf')] });
    expect(regionsOf(sent.fileIds)).toEqual(['oss-eu-central-1']);

    const request = await createRequest(h, member);
    const started = await h.call(REQUESTS_RPC.startUpload, { slug: request.slug, client: { ip: '198.51.100.4' }, body: { files: [{ name: 'c.pdf', size: 5 }] } });
    expect(started.uploads.map((g) => g.region)).toEqual(['oss-eu-central-1']);
  });

  it('when an anonymous sender sends, then the files go to the default Hong Kong region', async () => {
    const email = 'anon@client.example';
    const sent = await h.send(null, { files: [draftFile('a.pdf')], senderEmail: email, emailTo: ['bo@client.example'] }, { ticket: h.verificationTicket(email) });
    expect(regionsOf(sent.fileIds)).toEqual(['oss-cn-hongkong']);
  });
});
