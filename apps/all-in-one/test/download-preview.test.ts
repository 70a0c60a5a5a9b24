import type { SmtpInbox } from '@ferry/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, uploadGrants, type ErrorBody, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

interface PublicFile {
  id: string;
  name: string;
  kind: string;
}

/** The download page shows images and plays the voice memo from signed URLs that are not downloads. */
describe('previews on the download page', () => {
  let running: TestFerry;
  let api: string;
  let inbox: SmtpInbox;
  let transfersDb: Knex;

  beforeAll(async () => {
    running = await startTestFerry('preview');
    ({ api, inbox } = running);
    transfersDb = running.schema('transfers');
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  const photo = Buffer.alloc(2_000, 9);
  const memo = Buffer.alloc(900, 3);
  const pdf = Buffer.from('%PDF-1.7 quote');

  it('when the page asks for a preview of an image or the memo, then it gets the bytes and no download is recorded; other files have none', async () => {
    const { accessToken } = await signUpThroughGateway(api, inbox, { email: 'li@studio.example', plan: 'PRM' });
    const sender = gatewayClient(api, accessToken);
    const created = await sender.call('POST', '/transfers', {
      sendAs: 'link',
      password: 'open sesame',
      files: [
        { name: 'site.png', size: photo.length, contentType: 'image/png' },
        { name: 'VoiceMemo-20261201.webm', size: memo.length, kind: 'voiceMemo', contentType: 'audio/webm' },
        { name: 'quote.pdf', size: pdf.length, contentType: 'application/pdf' },
      ],
    });
    expect(created.status).toBe(201);
    const { id, slug, uploads } = created.body as { id: string; slug: string; uploads: Grant[] };
    await uploadGrants(uploads, { 'site.png': photo, 'VoiceMemo-20261201.webm': memo, 'quote.pdf': pdf });
    expect((await sender.call('POST', `/transfers/${id}/complete`, { uploads: uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);

    const recipient = gatewayClient(api);
    const password = { 'x-transfer-password': 'open sesame' };
    const page = await recipient.call('GET', `/public/transfers/${slug}`, undefined, password);
    const files = (page.body as { files: PublicFile[] }).files;
    const byName = (name: string) => files.find((f) => f.name === name) as PublicFile;

    expect((await recipient.call('POST', `/public/transfers/${slug}/downloads`, { fileId: byName('site.png').id, preview: true })).status).toBe(401);
    for (const [name, bytes] of [['site.png', photo], ['VoiceMemo-20261201.webm', memo]] as const) {
      const preview = await recipient.call('POST', `/public/transfers/${slug}/downloads`, { fileId: byName(name).id, preview: true }, password);
      expect(preview.status).toBe(200);
      const got = await fetch((preview.body as { url: string }).url);
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    }
    const refused = await recipient.call('POST', `/public/transfers/${slug}/downloads`, { fileId: byName('quote.pdf').id, preview: true }, password);
    expect(refused.status).toBe(400);
    expect((refused.body as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    expect(await transfersDb('downloads')).toHaveLength(0);

    expect((await recipient.call('POST', `/public/transfers/${slug}/downloads`, { fileId: byName('quote.pdf').id }, password)).status).toBe(200);
    expect(await transfersDb('downloads')).toHaveLength(1);
  });
});
