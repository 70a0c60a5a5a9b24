import type { SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, TEST_CARD, type ErrorBody, type GatewayClient } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

/** The Teams tab over HTTP: invites by batch with their mails, resend, revoke, and what a member may not do. */
describe('team administration through the gateway', () => {
  let test: TestFerry;
  let api: string;
  let inbox: SmtpInbox;
  let admin: GatewayClient;
  let member: GatewayClient;
  let memberId: string;

  const linkIn = async (email: string, nth: number) => {
    const mails = await inbox.waitForMailsTo(email, nth);
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mails[nth - 1]?.text ?? '')?.[1];
    if (!token) throw new Error(`no invite link in mail ${nth} to ${email}`);
    return token;
  };
  const accept = (token: string, fullName: string) => gatewayClient(api).call('POST', `/team/invites/${token}/accept`, { password: 'member-pass-1', fullName });
  const pending = async () => ((await admin.call('GET', '/team')).body as { pendingInvites: Array<{ id: string; email: string }> }).pendingInvites;

  beforeAll(async () => {
    test = await startTestFerry('team_admin');
    ({ api, inbox } = test);
    admin = gatewayClient(api, (await signUpThroughGateway(api, inbox, { email: 'owner@crew.example', plan: 'BM', fullName: 'Owner' })).accessToken);
  }, 120_000);
  afterAll(async () => {
    await test?.stop();
  });

  it('when the admin invites a batch, then each invited address gets a mail and the refused one says why', async () => {
    await signUpThroughGateway(api, inbox, { email: 'solo@crew.example', plan: 'Free' });
    const res = await admin.call('POST', '/team/invites/batch', { emails: ['ann@crew.example', 'solo@crew.example', 'ben@crew.example'] });

    expect(res.status).toBe(200);
    const { results } = res.body as { results: Array<{ email: string; invite: { id: string } | null; error: { code: string; message: string } | null }> };
    expect(results.map((r) => r.error?.code ?? 'invited')).toEqual(['invited', 'EMAIL_TAKEN', 'invited']);
    expect(results[1]?.error?.message).toBe('This email has been taken');
    const accepted = await accept(await linkIn('ann@crew.example', 1), 'Ann');
    expect(accepted.status).toBe(201);
    memberId = (accepted.body as { user: { id: string } }).user.id;
    member = gatewayClient(api, (accepted.body as { accessToken: string }).accessToken);
    expect(await linkIn('ben@crew.example', 1)).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });

  it('when the admin resends and then revokes an invite, then the new link is mailed and after the revoke every link fails', async () => {
    const ben = (await pending()).find((i) => i.email === 'ben@crew.example')!;
    expect((await admin.call('POST', `/team/invites/${ben.id}/resend`)).status).toBe(429);
    await test.db('identity.team_invites').where({ id: ben.id }).update({ created_at: new Date(Date.now() - 120_000) });
    expect((await admin.call('POST', `/team/invites/${ben.id}/resend`)).status).toBe(200);
    const newLink = await linkIn('ben@crew.example', 2);

    expect((await admin.call('DELETE', `/team/invites/${ben.id}`)).status).toBe(204);
    const refused = await accept(newLink, 'Ben');
    expect(refused.status).toBe(404);
    expect((refused.body as ErrorBody).error).toMatchObject({ code: 'INVITE_NOT_FOUND', message: 'This invite is invalid, used or expired.' });
    expect(await pending()).toEqual([]);
    expect((await admin.call('DELETE', '/team/invites/not-a-uuid')).status).toBe(400);
  });

  it('when a member calls the team admin routes or any billing route, then 403', async () => {
    const someInvite = ((await admin.call('POST', '/team/invites', { email: 'cid@crew.example' })).body as { id: string }).id;
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/team/invites', { email: 'pal@crew.example' }],
      ['POST', '/team/invites/batch', { emails: ['pal@crew.example'] }],
      ['POST', `/team/invites/${someInvite}/resend`],
      ['DELETE', `/team/invites/${someInvite}`],
      ['DELETE', `/team/members/${memberId}`],
      ['GET', '/billing/subscription'],
      ['POST', '/billing/checkout', { planCode: 'BY', card: TEST_CARD }],
      ['POST', '/billing/card', { card: TEST_CARD }],
      ['POST', '/billing/cancel', {}],
      ['POST', '/billing/resume', {}],
      ['GET', '/billing/invoices'],
      ['POST', '/billing/coupons/check', { code: 'WELCOME10' }],
      ['POST', '/billing/lifetime-codes/redeem', { code: 'LIFETIME1' }],
      ['POST', '/billing/portal'],
    ];
    for (const [method, path, body] of calls) {
      const res = await member.call(method, path, body);
      expect({ call: `${method} ${path}`, status: res.status, code: (res.body as ErrorBody | undefined)?.error?.code }).toEqual({
        call: `${method} ${path}`,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    // Nothing the member asked for happened.
    expect((await pending()).map((i) => i.email)).toEqual(['cid@crew.example']);
    expect((await admin.call('GET', '/billing/subscription')).status).toBe(200);
    // The member still sees who is in the team (for sharing), without the invites.
    const seen = (await member.call('GET', '/team')).body as { members: Array<{ email: string }>; pendingInvites: unknown[] };
    expect(seen.members.map((m) => m.email)).toEqual(['ann@crew.example']);
    expect(seen.pendingInvites).toEqual([]);
  });

  it('when the admin removes the member, then the member\'s open session is refused on its next call', async () => {
    expect((await member.call('GET', '/me')).status).toBe(200);
    expect((await admin.call('DELETE', `/team/members/${memberId}`)).status).toBe(204);
    expect((await member.call('GET', '/me')).status).toBe(401);
    expect((await member.call('GET', '/transfers')).status).toBe(401);
  });
});
