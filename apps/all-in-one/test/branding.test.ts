import type { SmtpInbox } from '@ferry/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, uploadGrants, type ErrorBody, type GatewayClient, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);
const HTML_AS_PNG = Buffer.from('<html><script>alert(document.cookie)</script></html>');

interface Branding {
  logoPic: string | null;
  backgroundPic: string | null;
  profilePic: string | null;
  accentColor: string | null;
  hidePoweredBy: boolean;
  canCustomize: boolean;
  canHidePoweredBy: boolean;
}
interface PublicBranding {
  logoUrl: string | null;
  accentColor: string | null;
  backgroundUrl: string | null;
  poweredBy: boolean;
}

const codeOf = (answer: { body: unknown }) => (answer.body as ErrorBody).error.code;

/** Pictures go straight to storage and are checked there; the brand reaches download pages, request pages and mails within the plan. */
describe('profile pictures, company logo and branding', () => {
  let running: TestFerry;
  let api: string;
  let inbox: SmtpInbox;
  let storageDb: Knex;

  beforeAll(async () => {
    running = await startTestFerry('branding');
    ({ api, inbox } = running);
    storageDb = running.schema('storage');
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  async function signUp(email: string, plan: string): Promise<GatewayClient> {
    const { accessToken } = await signUpThroughGateway(api, inbox, { email, plan });
    return gatewayClient(api, accessToken);
  }

  async function uploadPicture(client: GatewayClient, kind: string, bytes: Buffer, contentType = 'image/png') {
    const granted = await client.call('POST', `/me/pictures/${kind}/grants`, { size: bytes.length, contentType });
    expect(granted.status).toBe(201);
    const grant = (granted.body as { grant: Grant }).grant;
    await uploadGrants([grant], { [grant.name]: bytes });
    return { grant, kept: await client.call('POST', `/me/pictures/${kind}`, { uploadToken: grant.uploadToken }) };
  }

  async function sendTransfer(client: GatewayClient, body: Record<string, unknown>) {
    const created = await client.call('POST', '/transfers', { files: [{ name: 'po.pdf', size: 4 }], ...body });
    expect(created.status).toBe(201);
    const { id, slug, uploads } = created.body as { id: string; slug: string; uploads: Grant[] };
    await uploadGrants(uploads, { 'po.pdf': '%PDF' });
    expect((await client.call('POST', `/transfers/${id}/complete`, { uploads: uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);
    return slug;
  }

  it('when a picture is not a PNG, JPEG or WebP image or is too large, then its grant is refused with 415 or 413', async () => {
    const free = await signUp('ines@free.example', 'Free');
    for (const contentType of ['image/svg+xml', 'text/html', 'image/gif']) {
      const refused = await free.call('POST', '/me/pictures/profile/grants', { size: 100, contentType });
      expect([contentType, refused.status, codeOf(refused)]).toEqual([contentType, 415, 'IMAGE_TYPE_NOT_ALLOWED']);
    }
    const big = await free.call('POST', '/me/pictures/logo/grants', { size: 2 * 1024 * 1024 + 1, contentType: 'image/png' });
    expect([big.status, codeOf(big)]).toEqual([413, 'IMAGE_TOO_LARGE']);
    const unknownKind = await free.call('POST', '/me/pictures/banner/grants', { size: 100, contentType: 'image/png' });
    expect(unknownKind.status).toBe(400);
  });

  it('when the bytes are not the image they claim to be, then keeping them is refused with 415 and the object is deleted', async () => {
    const free = await signUp('omar@free.example', 'Free');
    const { grant, kept } = await uploadPicture(free, 'logo', HTML_AS_PNG);
    expect([kept.status, codeOf(kept)]).toEqual([415, 'IMAGE_TYPE_NOT_ALLOWED']);
    const [row] = await storageDb('objects').where({ file_id: grant.fileId });
    expect(row.status).toBe('deleted');
    expect((await gatewayClient(api).call('GET', `/public/pictures/${grant.fileId}`)).status).toBe(404);
  });

  it('when a free user keeps a profile picture and a logo, then they are served as images with nosniff, but download pages stay Ferry-branded and customising is refused', async () => {
    const free = await signUp('lea@free.example', 'Free');
    const { kept } = await uploadPicture(free, 'profile', PNG);
    expect(kept.status).toBe(200);
    const profilePic = (kept.body as Branding).profilePic!;
    expect(profilePic).toMatch(/^\/api\/v1\/public\/pictures\/[0-9a-f-]{36}$/);
    expect(((await free.call('GET', '/me')).body as { profilePic: string }).profilePic).toBe(profilePic);

    const logo = (await uploadPicture(free, 'logo', PNG)).kept.body as Branding;
    const redirect = await fetch(`${running.ferry.url}${logo.logoPic}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const image = await fetch(redirect.headers.get('location')!);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // Another object's id is not a picture: the route serves kept pictures only.
    expect((await fetch(`${api}/public/pictures/00000000-0000-4000-8000-000000000000`, { redirect: 'manual' })).status).toBe(404);

    const background = await free.call('POST', '/me/pictures/background/grants', { size: PNG.length, contentType: 'image/png' });
    expect([background.status, codeOf(background)]).toEqual([403, 'PLAN_REQUIRED']);
    const accent = await free.call('PATCH', '/me/branding', { accentColor: '#aa3300' });
    expect([accent.status, codeOf(accent)]).toEqual([403, 'PLAN_REQUIRED']);

    const slug = await sendTransfer(free, { sendAs: 'link' });
    const page = await gatewayClient(api).call('GET', `/public/transfers/${slug}`);
    expect((page.body as { branding: PublicBranding }).branding).toEqual({ logoUrl: null, accentColor: null, backgroundUrl: null, poweredBy: true });
  });

  it('when a Pro user sets a logo, accent and background, then download and request pages and the recipients mail carry them with the powered-by mark, which only Business may hide', async () => {
    const pro = await signUp('chen@pro.example', 'PRM');
    const logoPic = ((await uploadPicture(pro, 'logo', PNG)).kept.body as Branding).logoPic;
    const backgroundPic = ((await uploadPicture(pro, 'background', PNG)).kept.body as Branding).backgroundPic;
    for (const bad of ['red', '#abc', '#12345g', 'url(x)']) {
      const refused = await pro.call('PATCH', '/me/branding', { accentColor: bad });
      expect([bad, refused.status]).toEqual([bad, 400]);
    }
    const saved = await pro.call('PATCH', '/me/branding', { accentColor: '#AA3300' });
    expect((saved.body as Branding).accentColor).toBe('#aa3300');
    const hide = await pro.call('PATCH', '/me/branding', { hidePoweredBy: true });
    expect([hide.status, codeOf(hide)]).toEqual([403, 'PLAN_REQUIRED']);

    const slug = await sendTransfer(pro, { sendAs: 'email', emailTo: [{ email: 'buyer@client.example' }] });
    const page = await gatewayClient(api).call('GET', `/public/transfers/${slug}`);
    expect((page.body as { branding: PublicBranding }).branding).toEqual({ logoUrl: logoPic, accentColor: '#aa3300', backgroundUrl: backgroundPic, poweredBy: true });
    const [mail] = await inbox.waitForMailsTo('buyer@client.example', 1);
    expect(mail!.html).toContain(`<img src="${running.ferry.url}${logoPic}"`);
    expect(mail!.html).toContain('background-color:#aa3300');
    expect(mail!.html).toContain('Powered by Ferry');

    const request = await pro.call('POST', '/requests', { title: 'Packing list' });
    const requestPage = await gatewayClient(api).call('GET', `/public/requests/${(request.body as { slug: string }).slug}`);
    expect((requestPage.body as { branding: PublicBranding }).branding).toMatchObject({ logoUrl: logoPic, accentColor: '#aa3300' });
  });

  it('when a Business user hides the powered-by mark, then the download page and the mail leave it out', async () => {
    const business = await signUp('sara@business.example', 'BM');
    const saved = await business.call('PATCH', '/me/branding', { hidePoweredBy: true, accentColor: '#116644' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ hidePoweredBy: true, canCustomize: true, canHidePoweredBy: true });
    const slug = await sendTransfer(business, { sendAs: 'email', emailTo: [{ email: 'agent@port.example' }] });
    const page = await gatewayClient(api).call('GET', `/public/transfers/${slug}`);
    expect((page.body as { branding: PublicBranding }).branding).toMatchObject({ poweredBy: false, accentColor: '#116644' });
    const [mail] = await inbox.waitForMailsTo('agent@port.example', 1);
    expect(mail!.html).not.toContain('Powered by Ferry');
    expect(mail!.text).not.toContain('Ferry');
    expect(mail!.html).toContain('background-color:#116644');
  });
});
