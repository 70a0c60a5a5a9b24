import { request as httpRequest } from 'node:http';
import type { SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, uploadGrants, type ErrorBody, type GatewayClient, type Grant } from './support/gateway-client';
import { startTestDns, type TestDns } from './support/test-dns';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const TARGET = 'cname.ferry.test';

/** A GET to the product with another Host header (the way a company's CNAME reaches Ferry). */
function getOnHost(url: string, host: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers: { host, 'x-forwarded-for': '203.0.113.9' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const codeOf = (answer: { body: unknown }) => (answer.body as ErrorBody).error.code;

/** A company's own download host: DNS against a real DNS server the test runs, links, host routing, fallback and the admin's mail. */
describe('custom download host', () => {
  let running: TestFerry;
  let dns: TestDns;
  let api: string;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    dns = await startTestDns();
    running = await startTestFerry('download_host', { DNS_SERVERS: dns.server, DOWNLOAD_HOST_CNAME_TARGET: TARGET, DOWNLOAD_HOST_CHECK_INTERVAL_MS: '500' });
    ({ api, inbox } = running);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
    await dns?.close();
  });

  async function signUp(email: string, plan: string): Promise<GatewayClient> {
    const { accessToken } = await signUpThroughGateway(api, inbox, { email, plan });
    return gatewayClient(api, accessToken);
  }

  /** The company's own CNAME target (Ferry's base with the company's proof in front). */
  async function targetOf(client: GatewayClient): Promise<string> {
    const { cnameTarget } = (await client.call('GET', '/me/download-host')).body as { cnameTarget: string };
    expect(cnameTarget).toMatch(new RegExp(`^[0-9a-f]{16}\\.${TARGET.replace(/\./g, '\\.')}$`));
    return cnameTarget;
  }

  async function sendLink(client: GatewayClient): Promise<{ slug: string; url: string }> {
    const created = await client.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'po.pdf', size: 4 }] });
    expect(created.status).toBe(201);
    const { id, uploads } = created.body as { id: string; uploads: Grant[] };
    await uploadGrants(uploads, { 'po.pdf': 'PO-1' });
    const done = await client.call('POST', `/transfers/${id}/complete`, { uploads: uploads.map((u) => ({ uploadToken: u.uploadToken })) });
    expect(done.status).toBe(200);
    return done.body as { slug: string; url: string };
  }

  it('when a Pro user types a host, then PLAN_REQUIRED; a bad host name is VALIDATION_FAILED', async () => {
    const pro = await signUp('pat@pro.example', 'PRM');
    const refused = await pro.call('POST', '/me/download-host', { host: 'files.pro.example' });
    expect([refused.status, codeOf(refused)]).toEqual([403, 'PLAN_REQUIRED']);
    const business = await signUp('bo@business.example', 'BM');
    for (const host of ['not a host', 'localhost', '10.0.0.1', 'files.acme.test:8443']) {
      const bad = await business.call('POST', '/me/download-host', { host });
      expect([bad.status, codeOf(bad)], host).toEqual([400, 'VALIDATION_FAILED']);
    }
  }, 60_000);

  it('when the CNAME is missing, then pending with NO_CNAME; pointing elsewhere, WRONG_TARGET; once it points to Ferry, verified and the links use the host', async () => {
    const acme = await signUp('amira@acme.example', 'BM');
    const typed = await acme.call('POST', '/me/download-host', { host: 'Files.Acme.Test' });
    expect(typed.status).toBe(200);
    const acmeTarget = await targetOf(acme);
    expect(typed.body).toMatchObject({ host: 'files.acme.test', status: 'pending', problem: 'NO_CNAME', cnameTarget: acmeTarget, canUse: true, isEditable: true });
    expect((await sendLink(acme)).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/w\/[A-Za-z0-9]{7}$/);

    dns.cnames.set('files.acme.test', 'elsewhere.example');
    const wrong = await acme.call('POST', '/me/download-host/checks', {});
    expect(wrong.body).toMatchObject({ status: 'pending', problem: 'WRONG_TARGET', found: 'elsewhere.example' });

    // Ferry's base alone, or another company's target, proves nothing.
    dns.cnames.set('files.acme.test', TARGET);
    expect((await acme.call('POST', '/me/download-host/checks', {})).body).toMatchObject({ status: 'pending', problem: 'WRONG_TARGET', found: TARGET });
    dns.cnames.set('files.acme.test', acmeTarget);
    const verified = await acme.call('POST', '/me/download-host/checks', {});
    expect(verified.body).toMatchObject({ status: 'verified', problem: null, linkOrigin: 'https://files.acme.test' });
    const sent = await sendLink(acme);
    expect(sent.url).toBe(`https://files.acme.test/w/${sent.slug}`);
    const listed = await acme.call('GET', '/transfers');
    expect((listed.body as { items: Array<{ slug: string; url: string }> }).items.find((t) => t.slug === sent.slug)?.url).toBe(sent.url);

    // Another company cannot take the host.
    const rival = await signUp('rex@rival.example', 'BM');
    const taken = await rival.call('POST', '/me/download-host', { host: 'files.acme.test' });
    expect([taken.status, codeOf(taken)]).toEqual([409, 'HOST_TAKEN']);
    // A host left pointing at Ferry for another company does not verify for the rival (the takeover the proof prevents).
    dns.cnames.set('old.acme.test', acmeTarget);
    expect((await rival.call('POST', '/me/download-host', { host: 'old.acme.test' })).body).toMatchObject({ status: 'pending', problem: 'WRONG_TARGET' });
  }, 90_000);

  it("when a request comes to the company's host, then only its download pages and their API answer; login, dashboard and another company's slug are 404", async () => {
    const acme = await signUp('omar@acme2.example', 'BM');
    dns.cnames.set('dl.acme2.test', await targetOf(acme));
    expect((await acme.call('POST', '/me/download-host', { host: 'dl.acme2.test' })).body).toMatchObject({ status: 'verified' });
    const own = await sendLink(acme);
    const other = await sendLink(await signUp('li@other.example', 'PRM'));
    const url = running.ferry.url;

    const page = await getOnHost(url, 'dl.acme2.test', `/w/${own.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"');
    // Its links to Ferry's site (log in, pricing) go to Ferry's own origin: the page names it.
    expect(page.body).toContain(`<meta name="ferry-home" content="${new URL(url).origin}">`);
    const api = await getOnHost(url, 'dl.acme2.test', `/api/v1/public/transfers/${own.slug}`);
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toMatchObject({ slug: own.slug });

    for (const path of ['/login', '/dash', '/dash/transfers', '/', '/pricing', `/w/${other.slug}`, `/api/v1/public/transfers/${other.slug}`, '/api/v1/auth/login', '/api/v1/me']) {
      expect((await getOnHost(url, 'dl.acme2.test', path)).status, path).toBe(404);
    }
    // Ferry's own address serves everything as before, and a host nobody verified is not restricted.
    const ferryLogin = await getOnHost(url, new URL(url).host, '/login');
    expect(ferryLogin.status).toBe(200);
    expect(ferryLogin.body).not.toContain('ferry-home');
    expect((await getOnHost(url, new URL(url).host, `/w/${own.slug}`)).body).not.toContain('ferry-home');
    expect((await getOnHost(url, 'unknown.example', `/api/v1/public/transfers/${other.slug}`)).status).toBe(200);
  }, 90_000);

  it("when a verified host's CNAME is removed later, then the re-check puts it back to pending, links fall back to Ferry's, and the admin gets a mail", async () => {
    const acme = await signUp('sara@acme3.example', 'BM');
    dns.cnames.set('files.acme3.test', await targetOf(acme));
    expect((await acme.call('POST', '/me/download-host', { host: 'files.acme3.test' })).body).toMatchObject({ status: 'verified' });
    const before = inbox.mailsTo('sara@acme3.example').length;

    dns.cnames.delete('files.acme3.test');
    const mails = await inbox.waitForMailsTo('sara@acme3.example', before + 1, 30_000);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Your download domain files.acme3.test stopped working');
    expect(mail.text).toContain('We no longer find a CNAME record for files.acme3.test.');
    const state = await acme.call('GET', '/me/download-host');
    expect(state.body).toMatchObject({ status: 'pending', problem: 'NO_CNAME', linkOrigin: new URL(api).origin });
    expect((await sendLink(acme)).url.startsWith(new URL(api).origin)).toBe(true);
    // Only one mail for one break, however many re-checks follow.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(inbox.mailsTo('sara@acme3.example')).toHaveLength(before + 1);
  }, 90_000);
});
