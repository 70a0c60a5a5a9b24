import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, codeFrom, startPlatformStack, waitForMail, type PlatformStack } from './platform-stack';

describe('team invites across separate processes', () => {
  let stack: PlatformStack;

  beforeAll(async () => {
    stack = await startPlatformStack();
  }, 90_000);
  afterAll(async () => {
    await stack?.stopAll();
  });

  async function registerAdmin(plan: string) {
    const email = `admin.${randomBytes(4).toString('hex')}@example.com`;
    const admin = new ApiClient(stack.api);
    await admin.call('POST', '/auth/email-codes', { email, purpose: 'register' });
    const [mail] = await waitForMail(stack.smtp, email);
    await admin.call('POST', '/auth/email-codes/verify', { email, code: codeFrom(mail!.text), purpose: 'register' });
    const signup = await admin.call('POST', '/auth/signup', { email, password: 'admin-password', fullName: 'Ada Admin', company: 'Shenzhen Freight', plan });
    expect(signup.status).toBe(201);
    if (plan === 'Free') return { email, auth: { authorization: `Bearer ${signup.body!.accessToken}` } };
    // Register step 3: the card starts the trial in billing (its own process); identity applies it over NATS.
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
    const checkout = await admin.call('POST', '/billing/checkout', { planCode: plan, card }, { authorization: `Bearer ${signup.body!.accessToken}` });
    expect(checkout.status).toBe(200);
    for (let waited = 0; waited < 15_000; waited += 100) {
      const refreshed = await admin.call('POST', '/auth/refresh', {});
      if (refreshed.status === 200 && refreshed.body!.user.role === plan) return { email, auth: { authorization: `Bearer ${refreshed.body!.accessToken}` } };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the ${plan} trial was not applied`);
  }

  it('when an admin invites a colleague, then the mailed link lets them set a password and join the team', async () => {
    const { auth } = await registerAdmin('PRM');
    const colleague = `colleague.${randomBytes(4).toString('hex')}@example.com`;
    const invite = await new ApiClient(stack.api).call('POST', '/team/invites', { email: colleague, lang: 'zh' }, auth);
    expect(invite.status).toBe(201);

    const [mail] = await waitForMail(stack.smtp, colleague);
    expect(mail!.text).toContain('Shenzhen Freight');
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail!.text ?? '')?.[1];
    expect(token).toBeDefined();

    const member = new ApiClient(stack.api);
    const accepted = await member.call('POST', `/team/invites/${token}/accept`, { password: 'member-password', fullName: 'Cole League' });
    expect(accepted.status).toBe(201);
    expect(accepted.body!.user).toMatchObject({ email: colleague, isTeamMember: true, parentAdmin: expect.objectContaining({ parentEmail: expect.stringContaining('admin.') }) });
    expect(member.cookie).not.toBeNull();
    expect((await member.call('POST', `/team/invites/${token}/accept`, { password: 'member-password' })).status).toBe(404);

    const team = await new ApiClient(stack.api).call('GET', '/team', undefined, auth);
    expect(team.body!.members.map((m: { email: string }) => m.email)).toEqual([colleague]);

    // Pro's team is 2 people, the admin included: a third is refused.
    const third = await new ApiClient(stack.api).call('POST', '/team/invites', { email: `third.${randomBytes(3).toString('hex')}@example.com` }, auth);
    expect(third.status).toBe(403);
    expect(third.body!.error.code).toBe('TEAM_LIMIT_REACHED');
  });

  it('when a Free account tries to invite, then 403 TEAM_LIMIT_REACHED', async () => {
    const { auth } = await registerAdmin('Free');
    const res = await new ApiClient(stack.api).call('POST', '/team/invites', { email: `x.${randomBytes(3).toString('hex')}@example.com` }, auth);
    expect(res.status).toBe(403);
    expect(res.body!.error.code).toBe('TEAM_LIMIT_REACHED');
  });
});
