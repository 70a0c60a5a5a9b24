import { Resolver } from 'node:dns/promises';
import type { SmtpInbox } from '@ferry/testing';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, uploadGrants, type GatewayClient, type Grant } from './support/gateway-client';
import { startTestDns, type TestDns } from './support/test-dns';
import { startTestFerry, type TestFerry } from './support/test-ferry';

interface SendingDomain {
  domain: string | null;
  status: string;
  records: Array<{ purpose: 'dkim' | 'spf' | 'dmarc'; name: string; value: string; isFound: boolean | null }>;
  problems: string[];
  fromAddress: string | null;
}

/** A company's own sending domain: DNS against a real DNS server the test runs, DKIM checked with mailauth, fallback and the admin's mail. */
describe('custom sending domain', () => {
  let running: TestFerry;
  let dns: TestDns;
  let api: string;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    dns = await startTestDns();
    running = await startTestFerry('sending_domain', { DNS_SERVERS: dns.server, DOWNLOAD_HOST_CNAME_TARGET: 'cname.ferry.test', DOWNLOAD_HOST_CHECK_INTERVAL_MS: '500' });
    ({ api, inbox } = running);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
    await dns?.close();
  });

  async function signUp(email: string, plan: string, fullName?: string): Promise<GatewayClient> {
    const { accessToken } = await signUpThroughGateway(api, inbox, { email, plan, ...(fullName ? { fullName } : {}) });
    return gatewayClient(api, accessToken);
  }

  /** An email transfer to `to`; answers the download mail that reaches them (and the transfer's slug). */
  async function mailTransfer(client: GatewayClient, to: string) {
    const before = inbox.mailsTo(to).length;
    const created = await client.call('POST', '/transfers', { sendAs: 'email', emailTo: [to], files: [{ name: 'bill-of-lading.pdf', size: 4 }] });
    expect(created.status).toBe(201);
    const { id, uploads } = created.body as { id: string; uploads: Grant[] };
    await uploadGrants(uploads, { 'bill-of-lading.pdf': '%PDF' });
    const done = await client.call('POST', `/transfers/${id}/complete`, { uploads: uploads.map((u) => ({ uploadToken: u.uploadToken })) });
    expect(done.status).toBe(200);
    const mail = (await inbox.waitForMailsTo(to, before + 1, 30_000)).at(-1)!;
    return Object.assign(mail, { slug: (done.body as { slug: string }).slug });
  }

  /** mailauth's DKIM verdicts of a message, with the test's DNS server as the resolver. */
  async function dkimOf(raw: Buffer) {
    const resolver = new Resolver();
    resolver.setServers([dns.server]);
    const result = await dkimVerify(raw, { resolver: (name: string, rr: string) => resolver.resolve(name, rr as 'TXT') });
    return result.results.map((r: { signingDomain?: string; status: { result: string } }) => ({ domain: r.signingDomain, result: r.status.result }));
  }

  const publish = (domain: SendingDomain, purposes: Array<'dkim' | 'spf'>) => {
    for (const record of domain.records.filter((r) => (purposes as string[]).includes(r.purpose))) dns.txts.set(record.name, [record.value]);
  };

  it('when the records are missing, then pending with DKIM_MISSING and SPF_MISSING and mail is from Ferry; once DNS has them, mail comes from the domain and passes DKIM', async () => {
    const acme = await signUp('amira@acme-mail.example', 'BM', 'Amira Haddad');
    const pro = await signUp('pat@pro-mail.example', 'PRM');
    expect((await pro.call('POST', '/me/sending-domain', { domain: 'pro-mail.test' })).status).toBe(403);

    const added = await acme.call('POST', '/me/sending-domain', { domain: 'acme-mail.test' });
    expect(added.status).toBe(200);
    const pending = added.body as SendingDomain;
    expect(pending).toMatchObject({ domain: 'acme-mail.test', status: 'pending', problems: ['DKIM_MISSING', 'SPF_MISSING'], fromAddress: null });
    expect(pending.records.map((r) => [r.purpose, r.name, r.isFound])).toEqual([
      ['dkim', 'ferry1._domainkey.acme-mail.test', false],
      ['spf', 'acme-mail.test', false],
      ['dmarc', '_dmarc.acme-mail.test', false],
    ]);
    expect(pending.records[0]!.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(pending.records[1]!.value).toBe('v=spf1 include:_spf.cname.ferry.test ~all');

    const unsigned = await mailTransfer(acme, 'buyer@customer.example');
    expect(unsigned.from?.value[0]?.address).toBe('no-reply@ferry.local');
    expect(await dkimOf(inbox.rawOf(unsigned))).toEqual([{ domain: undefined, result: 'none' }]);

    publish(pending, ['dkim']);
    const half = (await acme.call('POST', '/me/sending-domain/checks', {})).body as SendingDomain;
    expect(half).toMatchObject({ status: 'pending', problems: ['SPF_MISSING'] });
    publish(pending, ['spf']);
    const verified = (await acme.call('POST', '/me/sending-domain/checks', {})).body as SendingDomain;
    expect(verified).toMatchObject({ status: 'verified', problems: [], fromAddress: '"Amira Haddad" <no-reply@acme-mail.test>' });

    const signed = await mailTransfer(acme, 'buyer@customer.example');
    expect(signed.from?.value[0]?.address).toBe('no-reply@acme-mail.test');
    expect(await dkimOf(inbox.rawOf(signed))).toEqual([{ domain: 'acme-mail.test', result: 'pass' }]);
    // The extension mail to the same recipient is the company's too.
    expect((await acme.call('POST', `/transfers/${signed.slug}/extension`)).status).toBe(200);
    const extended = (await inbox.waitForMailsTo('buyer@customer.example', 3, 30_000)).at(-1)!;
    expect(extended.from?.value[0]?.address).toBe('no-reply@acme-mail.test');
    expect(await dkimOf(inbox.rawOf(extended))).toEqual([{ domain: 'acme-mail.test', result: 'pass' }]);
    // A changed byte breaks the signature: the check is real.
    const tampered = Buffer.from(inbox.rawOf(signed).toString('utf8').replace('bill-of-lading.pdf', 'bill-of-ladinG.pdf'));
    expect((await dkimOf(tampered))[0]?.result).not.toBe('pass');

    // Another company cannot take the domain.
    const rival = await signUp('rex@rival-mail.example', 'BM');
    expect((await rival.call('POST', '/me/sending-domain', { domain: 'acme-mail.test' })).status).toBe(409);
  }, 120_000);

  it('when a verified domain loses its DKIM record, then the re-check puts it back to pending, mail is from Ferry again, and the admin gets one mail', async () => {
    const acme = await signUp('sara@acme3-mail.example', 'BM');
    const added = (await acme.call('POST', '/me/sending-domain', { domain: 'acme3-mail.test' })).body as SendingDomain;
    publish(added, ['dkim', 'spf']);
    expect((await acme.call('POST', '/me/sending-domain/checks', {})).body).toMatchObject({ status: 'verified' });
    const before = inbox.mailsTo('sara@acme3-mail.example').length;

    dns.txts.delete(added.records[0]!.name);
    const mails = await inbox.waitForMailsTo('sara@acme3-mail.example', before + 1, 30_000);
    expect(mails.at(-1)!.subject).toBe('Mail from acme3-mail.test stopped');
    expect((await acme.call('GET', '/me/sending-domain')).body).toMatchObject({ status: 'pending', problems: ['DKIM_MISSING'], fromAddress: null });
    const fallback = await mailTransfer(acme, 'buyer3@customer.example');
    expect(fallback.from?.value[0]?.address).toBe('no-reply@ferry.local');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(inbox.mailsTo('sara@acme3-mail.example')).toHaveLength(before + 1);
  }, 120_000);
});
