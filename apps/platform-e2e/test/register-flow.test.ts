import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, codeFrom, startPlatformStack, waitForMail, type PlatformStack } from './platform-stack';

describe('the register flow across separate processes', () => {
  let stack: PlatformStack;
  const email = `ada.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'first-password';

  beforeAll(async () => {
    stack = await startPlatformStack();
  }, 90_000);
  afterAll(async () => {
    await stack?.stopAll();
  });

  it('when a user registers, logs in, refreshes and reuses an old token, then the chain is revoked; then reset ends every session', async () => {
    const browser = new ApiClient(stack.api);

    expect((await browser.call('POST', '/auth/email-codes', { email: email.toUpperCase(), purpose: 'register' })).status).toBe(202);
    const [codeMail] = await waitForMail(stack.smtp, email);
    const code = codeFrom(codeMail!.text);
    expect(codeMail!.html).toContain(code);

    const wrong = await browser.call('POST', '/auth/email-codes/verify', { email, code: code === '00000' ? '11111' : '00000', purpose: 'register' });
    expect(wrong.status).toBe(403);
    expect(wrong.body!.error).toMatchObject({ code: 'CODE_INCORRECT', message: 'Incorrect code, check your email and try again.' });
    expect(wrong.body!.error.requestId).toEqual(expect.any(String));

    expect((await browser.call('POST', '/auth/email-codes/verify', { email, code, purpose: 'register' })).body).toEqual({ verified: true });

    const signup = await browser.call('POST', '/auth/signup', { email, password, fullName: 'Ada Lovelace', company: 'Analytical Ltd', plan: 'Free', lang: 'en' });
    expect(signup.status).toBe(201);
    expect(signup.body!.user).toMatchObject({ email, role: 'Free', fullName: 'Ada Lovelace' });
    expect(signup.setCookie).toMatch(/HttpOnly/);

    // Register step 1 says the address is taken (PRODUCT.md section 8); signup without a verification does not.
    const takenCode = await new ApiClient(stack.api).call('POST', '/auth/email-codes', { email, purpose: 'register' });
    expect(takenCode.status).toBe(409);
    expect(takenCode.body!.error).toMatchObject({ code: 'EMAIL_TAKEN', message: 'This email has been taken' });
    const again = await new ApiClient(stack.api).call('POST', '/auth/signup', { email, password });
    expect(again.status).toBe(403);
    expect(again.body!.error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const badLogin = await new ApiClient(stack.api).call('POST', '/auth/login', { email, password: 'not-it' });
    expect(badLogin.status).toBe(401);
    expect(badLogin.body!.error).toMatchObject({ code: 'AUTH_FAILED', message: 'Auth Failed' });

    const device = new ApiClient(stack.api);
    const login = await device.call('POST', '/auth/login', { email, password });
    expect(login.status).toBe(200);
    const me = await device.call('GET', '/me', undefined, { authorization: `Bearer ${login.body!.accessToken}` });
    expect(me.body).toMatchObject({ email, company: 'Analytical Ltd' });

    const firstCookie = device.cookie!;
    const refreshed = await device.call('POST', '/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect(device.cookie).not.toBe(firstCookie);
    const rotatedCookie = device.cookie!;

    // The thief replays the cookie from another machine (its own user agent).
    const thief = new ApiClient(stack.api);
    thief.cookie = firstCookie;
    const reuse = await thief.call('POST', '/auth/refresh', undefined, { 'user-agent': 'curl/8.5' });
    expect(reuse.status).toBe(401);
    expect(reuse.body!.error.code).toBe('REFRESH_INVALID');
    device.cookie = rotatedCookie;
    expect((await device.call('POST', '/auth/refresh')).status).toBe(401);

    const laptop = new ApiClient(stack.api);
    await laptop.call('POST', '/auth/login', { email, password });
    const laptopCookie = laptop.cookie;
    expect((await laptop.call('POST', '/auth/logout')).status).toBe(204);
    expect(laptop.cookie).toBeNull();
    laptop.cookie = laptopCookie;
    expect((await laptop.call('POST', '/auth/refresh')).status).toBe(401);

    const phone = new ApiClient(stack.api);
    await phone.call('POST', '/auth/login', { email, password });
    expect((await browser.call('POST', '/auth/password-resets', { email })).status).toBe(202);
    const [, resetMail] = await waitForMail(stack.smtp, email, 2);
    const token = /updatepassword\?t=([A-Za-z0-9_-]+)/.exec(resetMail!.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect((await browser.call('GET', `/auth/password-resets/${token}`)).status).toBe(202);
    expect((await browser.call('POST', `/auth/password-resets/${token}`, { password: 'second-password' })).status).toBe(204);
    expect((await browser.call('GET', `/auth/password-resets/${token}`)).status).toBe(404);

    expect((await phone.call('POST', '/auth/refresh')).status).toBe(401);
    expect((await new ApiClient(stack.api).call('POST', '/auth/login', { email, password })).status).toBe(401);
    expect((await new ApiClient(stack.api).call('POST', '/auth/login', { email, password: 'second-password' })).status).toBe(200);
  });

  it('when a reset is asked for an email with no account, then the answer is the same and no mail is sent', async () => {
    const nobody = `nobody.${randomBytes(4).toString('hex')}@example.com`;
    expect((await new ApiClient(stack.api).call('POST', '/auth/password-resets', { email: nobody })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(stack.smtp.mailsTo(nobody)).toHaveLength(0);
  });

  it('when input is bad, then a 400 names the field and no stack trace leaves the server', async () => {
    const client = new ApiClient(stack.api);
    const unknown = await client.call('POST', '/auth/email-codes', { email: 'a@b.co', purpose: 'register', isAdmin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body!.error.message).toContain('isAdmin');
    const wrongType = await client.call('POST', '/auth/login', { email: 'a@b.co', password: 7 });
    expect(wrongType.body!.error.message).toMatch(/^password:/);
    const huge = await client.call('POST', '/auth/signup', { email: 'a@b.co', password: 'x'.repeat(300_000) });
    expect(huge.status).toBe(400);
    expect(huge.body!.error.code).toBe('BODY_TOO_LARGE');
    for (const res of [unknown, wrongType, huge]) expect(JSON.stringify(res.body)).not.toMatch(/\.ts:\d+|node_modules|at [A-Za-z]+ \(/);
  });
});
