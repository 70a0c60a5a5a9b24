import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, USER_SETTINGS_RPC } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

describe('transfer and request settings', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('user_settings');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a new user reads their settings, then the defaults answer; a patch changes only its fields and keeps the rest', async () => {
    const { user } = await h.register('set@example.com');
    expect(await h.call(USER_SETTINGS_RPC.getSettings, { userId: user.id })).toEqual(DEFAULT_USER_SETTINGS);

    await h.call(USER_SETTINGS_RPC.updateSettings, { userId: user.id, patch: { transferSettings: { expirySeconds: 2_629_746, mailOnDownload: false } } });
    const after = await h.call(USER_SETTINGS_RPC.updateSettings, { userId: user.id, patch: { transferSettings: { passwordOn: true }, requestSettings: { expiryDays: 30 } } });
    expect(after).toEqual({
      transferSettings: { expirySeconds: 2_629_746, passwordOn: true, mailOnDownload: false, remindRecipients: false },
      requestSettings: { expiryDays: 30, mailOnArrival: true },
    });
    expect(await h.call(USER_SETTINGS_RPC.getSettings, { userId: user.id })).toEqual(after);
  });

  it('when a patch has an unknown field or a value that is not a choice, then it is refused and nothing changes', async () => {
    const { user } = await h.register('bad@example.com');
    for (const patch of [{ transferSettings: { expirySeconds: 1000 } }, { requestSettings: { expiryDays: 3 } }, { transferSettings: { colour: 'red' } }, { theme: 'dark' }]) {
      await expect(h.call(USER_SETTINGS_RPC.updateSettings, { userId: user.id, patch: patch as never })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await h.call(USER_SETTINGS_RPC.getSettings, { userId: user.id })).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('when the user does not exist, then reading answers the defaults and saving is 404', async () => {
    expect(await h.call(USER_SETTINGS_RPC.getSettings, { userId: crypto.randomUUID() })).toEqual(DEFAULT_USER_SETTINGS);
    await expect(h.call(USER_SETTINGS_RPC.updateSettings, { userId: crypto.randomUUID(), patch: {} })).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
  });
});
