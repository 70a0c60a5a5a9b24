import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, uploadGrants, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

/** Guessing a transfer password through the gateway, the way an outsider would (issue 10, item 4). */
describe('transfer passwords through the gateway', () => {
  let test: TestFerry;

  beforeAll(async () => {
    test = await startTestFerry('password_guessing');
  }, 120_000);
  afterAll(async () => {
    await test?.stop();
  });

  it('when a transfer took 20 wrong passwords from 20 addresses, then its page, files and ZIP answer 429 with Retry-After to everyone but the mailed recipient', async () => {
    const { api, inbox } = test;
    const sender = gatewayClient(api, (await signUpThroughGateway(api, inbox, { email: 'ada@acme.example', plan: 'PRM' })).accessToken);
    const created = await sender.call('POST', '/transfers', {
      sendAs: 'email',
      files: [{ name: 'contract.pdf', size: 8 }],
      emailTo: ['bo@client.example'],
      password: 'open sesame',
    });
    expect(created.status).toBe(201);
    const { id, slug, uploads } = created.body as { id: string; slug: string; uploads: Grant[] };
    await uploadGrants(uploads, { 'contract.pdf': 'contract' });
    expect((await sender.call('POST', `/transfers/${id}/complete`, { uploads: [{ uploadToken: uploads[0]!.uploadToken }] })).status).toBe(200);
    const [invitation] = await inbox.waitForMailsTo('bo@client.example', 1);
    const recipientToken = new RegExp(`/downloads/${slug}/([A-Za-z0-9]{12})`).exec(invitation?.text ?? '')?.[1];
    expect(recipientToken).toBeDefined();

    const call = (path: string, headers: Record<string, string>, body?: unknown) =>
      fetch(`${api}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (let host = 1; host <= 20; host += 1) {
      const wrong = await call(`/public/transfers/${slug}`, { 'x-forwarded-for': `192.0.2.${host}`, 'x-transfer-password': `guess ${host}` });
      expect(wrong.status).toBe(401);
    }

    const stranger = { 'x-forwarded-for': '198.51.100.1', 'x-transfer-password': 'open sesame' };
    const page = await call(`/public/transfers/${slug}`, stranger);
    const file = await call(`/public/transfers/${slug}/downloads`, stranger, { fileId: uploads[0]!.fileId });
    const zip = await call(`/public/transfers/${slug}/downloads`, stranger, { all: true });
    for (const refused of [page, file, zip]) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TOO_MANY_ATTEMPTS');
    }

    const recipient = { 'x-forwarded-for': '198.51.100.2', 'x-transfer-password': 'open sesame' };
    expect((await call(`/public/transfers/${slug}?recipient=${recipientToken}`, recipient)).status).toBe(200);
    expect((await call(`/public/transfers/${slug}/downloads`, recipient, { fileId: uploads[0]!.fileId, recipient: recipientToken })).status).toBe(200);
  });
});
