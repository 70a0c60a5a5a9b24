import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

describe('profile', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('profile');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a user reads and edits their profile, then only the given fields change', async () => {
    const session = await h.register('pat@example.com', { fullName: 'Pat', company: 'Acme' });
    const userId = session.user.id;
    expect(await h.call(IDENTITY_RPC.getMe, { userId })).toEqual(session.user);

    const updated = await h.call(IDENTITY_RPC.updateMe, {
      userId,
      patch: { greetingName: 'P', region: 'oss-eu-central-1', lang: 'zh', profilePic: 'https://cdn.example.com/p.png' },
    });
    expect(updated).toMatchObject({
      fullName: 'Pat',
      company: 'Acme',
      greetingName: 'P',
      region: 'oss-eu-central-1',
      lang: 'zh',
      profilePic: 'https://cdn.example.com/p.png',
    });
    expect(await h.call(IDENTITY_RPC.updateMe, { userId, patch: { profilePic: null } })).toMatchObject({ profilePic: null, lang: 'zh' });
  });

  it('when the user does not exist, then 404 USER_NOT_FOUND', async () => {
    await expect(h.call(IDENTITY_RPC.getMe, { userId: crypto.randomUUID() })).rejects.toMatchObject({ code: 'USER_NOT_FOUND', status: 404 });
    await expect(h.call(IDENTITY_RPC.getMe, { userId: 'not-a-uuid' })).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    await expect(h.call(IDENTITY_RPC.updateMe, { userId: crypto.randomUUID(), patch: { fullName: 'X' } })).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
  });

  it('when the patch has an unknown field, then 400 names it', async () => {
    await expect(
      h.call(IDENTITY_RPC.updateMe, { userId: crypto.randomUUID(), patch: { role: 'BY' } as never }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('role') });
  });
});
