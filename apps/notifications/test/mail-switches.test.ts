import { DEFAULT_USER_SETTINGS, NOTIFICATION_CREATED, NOTIFICATIONS_RPC, REQUEST_UPLOADED, TRANSFER_DOWNLOADED } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationsHarness, type NotificationsHarness } from './support/notifications-harness';
import { downloadEvent, requestUploadEvent, USER_B } from './support/source-events';

describe("the settings tab's mail switches", () => {
  let harness: NotificationsHarness;
  const createdFor = async (slug: string) => (await harness.emitted(NOTIFICATION_CREATED)).filter((e) => e.notification.slug === slug);

  beforeAll(async () => {
    harness = await startNotificationsHarness('mail_switches', { withGeo: true });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('when the sender switched off "mail me when a recipient downloads", then the download is in the feed but nobody is mailed', async () => {
    harness.settings.set(USER_B, { ...DEFAULT_USER_SETTINGS, transferSettings: { ...DEFAULT_USER_SETTINGS.transferSettings, mailOnDownload: false } });
    const event = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent({ slug: 'Quiet01', ownerId: USER_B, senderId: USER_B, senderEmail: 'bea@acme.example' }));
    await harness.waitUntilHandled(event.eventId);

    expect((await harness.call(NOTIFICATIONS_RPC.list, { userId: USER_B, skip: 0, limit: 30 })).items.map((n) => n.slug)).toContain('Quiet01');
    expect(await createdFor('Quiet01')).toEqual([expect.objectContaining({ userId: USER_B, email: null })]);
  });

  it('when the switch is on again, then the next download is mailed (the switch is read when each download is handled)', async () => {
    harness.settings.delete(USER_B);
    const event = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent({ slug: 'Loud001', ownerId: USER_B, senderId: USER_B, senderEmail: 'bea@acme.example' }));
    await harness.waitUntilHandled(event.eventId);
    expect(await createdFor('Loud001')).toEqual([expect.objectContaining({ email: 'bea@acme.example' })]);
  });

  it('when the requester switched off "mail me when files arrive", then the arrival is in the feed but not mailed; the download switch does not touch it', async () => {
    harness.settings.set(USER_B, { transferSettings: { ...DEFAULT_USER_SETTINGS.transferSettings, mailOnDownload: false }, requestSettings: { expiryDays: null, mailOnArrival: false } });
    const quiet = await harness.publish(REQUEST_UPLOADED, requestUploadEvent({ slug: 'RqQuiet', ownerId: USER_B, ownerEmail: 'bea@acme.example' }));
    await harness.waitUntilHandled(quiet.eventId);
    expect(await createdFor('RqQuiet')).toEqual([expect.objectContaining({ userId: USER_B, email: null })]);

    harness.settings.set(USER_B, { transferSettings: { ...DEFAULT_USER_SETTINGS.transferSettings, mailOnDownload: false }, requestSettings: { expiryDays: null, mailOnArrival: true } });
    const loud = await harness.publish(REQUEST_UPLOADED, requestUploadEvent({ slug: 'RqLoud1', ownerId: USER_B, ownerEmail: 'bea@acme.example' }));
    await harness.waitUntilHandled(loud.eventId);
    expect(await createdFor('RqLoud1')).toEqual([expect.objectContaining({ email: 'bea@acme.example' })]);
  });
});
