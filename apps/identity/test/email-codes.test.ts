import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CODE_REQUESTED, IDENTITY_RPC } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

const wrong = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');

describe('email codes', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('codes');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the code is wrong, then 403 CODE_INCORRECT with the register screen message', async () => {
    const email = 'wrong@example.com';
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register' });
    const code = await h.lastCode(email);
    await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code: wrong(code), purpose: 'register' })).rejects.toMatchObject({
      code: 'CODE_INCORRECT',
      status: 403,
      message: 'Incorrect code, check your email and try again.',
    });
    // the right code for the other purpose is not this one
    await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code, purpose: 'send' })).rejects.toMatchObject({ status: 403 });
    expect(await h.call(IDENTITY_RPC.verifyEmailCode, { email, code, purpose: 'register' })).toMatchObject({ verified: true });
  });

  it('when a code was checked 5 times, then it is dead even for the right code until a new one is requested', async () => {
    const email = 'five@example.com';
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send' });
    const code = await h.lastCode(email, 'send');
    for (let i = 0; i < 5; i += 1) {
      await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code: wrong(code), purpose: 'send' })).rejects.toMatchObject({
        code: 'CODE_INCORRECT',
      });
    }
    await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code, purpose: 'send' })).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      status: 429,
    });

    h.advance(2_000);
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send' });
    const fresh = await h.lastCode(email, 'send');
    expect(await h.call(IDENTITY_RPC.verifyEmailCode, { email, code: fresh, purpose: 'send' })).toMatchObject({ verified: true });
  });

  it('when a code is resent while alive, then the same code goes out, and within 2 s the resend is refused', async () => {
    const email = 'resend@example.com';
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register', lang: 'zh' });
    const first = await h.lastEvent(EMAIL_CODE_REQUESTED, (e) => e.email === email);
    expect(first.lang).toBe('zh');

    h.advance(1_999);
    await expect(h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register' })).rejects.toMatchObject({
      code: 'RESEND_TOO_SOON',
      status: 429,
    });
    expect(await h.events(EMAIL_CODE_REQUESTED, (e) => e.email === email)).toHaveLength(1);

    h.advance(1);
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register' });
    const sent = await h.events(EMAIL_CODE_REQUESTED, (e) => e.email === email);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.code).toBe(first.code);
    expect(sent[1]?.expiresAt).toBe(first.expiresAt);
    expect(await h.call(IDENTITY_RPC.verifyEmailCode, { email, code: first.code, purpose: 'register' })).toMatchObject({ verified: true });
  });

  it('when 10 minutes have passed, then the code is expired and a new request sends a new one', async () => {
    const email = 'late@example.com';
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register' });
    const code = await h.lastCode(email);
    h.advance(10 * 60_000);
    await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code, purpose: 'register' })).rejects.toMatchObject({
      code: 'CODE_EXPIRED',
      status: 403,
    });

    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register' });
    const renewed = await h.lastEvent(EMAIL_CODE_REQUESTED, (e) => e.email === email);
    expect(new Date(renewed.expiresAt).getTime()).toBe(h.now().getTime() + 10 * 60_000);
    expect(await h.call(IDENTITY_RPC.verifyEmailCode, { email, code: renewed.code, purpose: 'register' })).toMatchObject({ verified: true });
  });

  it('when a code was used, then it cannot verify again', async () => {
    const email = 'once@example.com';
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send' });
    const code = await h.lastCode(email, 'send');
    await h.call(IDENTITY_RPC.verifyEmailCode, { email, code, purpose: 'send' });
    await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code, purpose: 'send' })).rejects.toMatchObject({ code: 'CODE_EXPIRED' });
  });

  it('when an email has an account, then a register code is refused with 409 and no mail', async () => {
    await h.register('taken@example.com');
    h.advance(2_000);
    await expect(h.call(IDENTITY_RPC.requestEmailCode, { email: 'TAKEN@example.com', purpose: 'register' })).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
      status: 409,
      message: 'This email has been taken',
    });
    expect(await h.events(EMAIL_CODE_REQUESTED, (e) => e.email === 'taken@example.com')).toHaveLength(1);
    // a quick-send code is still fine for an account holder
    await h.call(IDENTITY_RPC.requestEmailCode, { email: 'taken@example.com', purpose: 'send' });
  });

  it('when an email failed 100 checks within 24 h, then it is locked out, even with a right code', async () => {
    const email = 'guesser@example.com';
    for (let round = 0; round < 20; round += 1) {
      h.advance(2_000);
      await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send' });
      const code = await h.lastCode(email, 'send');
      for (let i = 0; i < 5; i += 1) {
        await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code: wrong(code), purpose: 'send' })).rejects.toMatchObject({
          code: 'CODE_INCORRECT',
        });
      }
    }
    h.advance(2_000);
    await expect(h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send' })).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code: '12345', purpose: 'register' })).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      status: 429,
    });

    h.advance(24 * 3600_000);
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send' });
    const code = await h.lastCode(email, 'send');
    expect(await h.call(IDENTITY_RPC.verifyEmailCode, { email, code, purpose: 'send' })).toMatchObject({ verified: true });
  });

  it('when the code is not 5 digits, then the contract refuses it with 400', async () => {
    await expect(
      h.call(IDENTITY_RPC.verifyEmailCode, { email: 'x@example.com', code: '12a45', purpose: 'register' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  });
});
