import { randomUUID } from 'node:crypto';
import { NOTIFICATION_CREATED, NOTIFICATIONS_RPC, REQUEST_UPLOADED, TRANSFER_DOWNLOADED } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationsHarness, type NotificationsHarness, type StandInGeo } from './support/notifications-harness';
import { downloadEvent, requestUploadEvent, USER_A } from './support/source-events';

describe('notifications from downloads and request uploads', () => {
  let harness: NotificationsHarness;
  let geo: StandInGeo;

  beforeAll(async () => {
    harness = await startNotificationsHarness('from_events', { duplicateWindowMs: 0 });
    geo = await harness.serveGeo();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('when a transfer is downloaded from Dubai, then the owner gets a notification with city and country, and evt.notification.created goes out', async () => {
    const event = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent());
    await harness.waitUntilHandled(event.eventId);

    const { items, unread, total } = await harness.call(NOTIFICATIONS_RPC.list, { userId: USER_A, skip: 0, limit: 30 });
    const expected = {
      _id: expect.any(String),
      slug: 'Ab3dE5f',
      read: false,
      dlDate: '2026-11-24T08:00:00.000Z',
      dlCountryCode: 'AE',
      dlCountry: 'United Arab Emirates',
      dlCity: 'Dubai',
      receiverEmail: 'bo@client.example',
      fileName: 'report.pdf',
      dlOrigin: 'download',
    };
    expect(items).toEqual([expected]);
    expect([unread, total]).toEqual([1, 1]);
    expect(geo.lookups).toContain('94.200.0.1');
    const created = (await harness.emitted(NOTIFICATION_CREATED)).filter((e) => e.notification._id === items[0]?._id);
    expect(created).toEqual([{ eventId: expect.any(String), userId: USER_A, email: 'ada@acme.example', lang: 'en', notification: expected }]);
  });

  it('when the same download event is delivered twice, then there is one notification and one created event', async () => {
    const event = { ...downloadEvent({ slug: 'Twice77', fileName: 'twice.zip' }), eventId: randomUUID() };
    await harness.bus.publishEvent(TRANSFER_DOWNLOADED.subject, event.eventId, event, {});
    await harness.waitUntilHandled(event.eventId);
    await harness.bus.publishEvent(TRANSFER_DOWNLOADED.subject, event.eventId, event, {});
    // The inbox forgetting the event does not make a second row either.
    await harness.db('inbox').where({ event_id: event.eventId }).delete();
    await harness.bus.publishEvent(TRANSFER_DOWNLOADED.subject, event.eventId, event, {});
    await harness.waitUntilHandled(event.eventId);

    expect((await harness.rows()).filter((row) => row['slug'] === 'Twice77')).toHaveLength(1);
    expect((await harness.emitted(NOTIFICATION_CREATED)).filter((e) => e.notification.slug === 'Twice77')).toHaveLength(1);
  });

  it('when the download has no address or one geo does not know, then the place is unknown', async () => {
    const noIp = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent({ slug: 'NoIp000', ip: null }));
    const notAnIp = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent({ slug: 'Garbled', ip: 'not-an-address' }));
    const privateIp = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent({ slug: 'Private', ip: '10.0.0.7' }));
    const cityless = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent({ slug: 'China00', ip: '1.2.4.8' }));
    for (const { eventId } of [noIp, notAnIp, privateIp, cityless]) await harness.waitUntilHandled(eventId);

    const bySlug = new Map((await harness.rows()).map((row) => [row['slug'], [row['dl_country_code'], row['dl_country'], row['dl_city']]]));
    expect(bySlug.get('NoIp000')).toEqual(['unknown', 'unknown', 'unknown']);
    expect(bySlug.get('Garbled')).toEqual(['unknown', 'unknown', 'unknown']);
    expect(bySlug.get('Private')).toEqual(['unknown', 'unknown', 'unknown']);
    expect(bySlug.get('China00')).toEqual(['CN', 'China', 'unknown']);
    expect(geo.lookups).not.toContain('not-an-address');
  });

  it('when files arrive through a request, then the requester gets a request notification in their language', async () => {
    const event = await harness.publish(REQUEST_UPLOADED, requestUploadEvent());
    await harness.waitUntilHandled(event.eventId);

    const [created] = (await harness.emitted(NOTIFICATION_CREATED)).filter((e) => e.notification.slug === 'Rq7xY2z');
    expect(created).toEqual({
      eventId: expect.any(String),
      userId: USER_A,
      email: 'ada@acme.example',
      lang: 'zh',
      notification: expect.objectContaining({
        dlOrigin: 'request',
        fileName: 'invoice-1.pdf (+1)',
        receiverEmail: 'li@supplier.example',
        dlCity: 'Frankfurt am Main',
        dlCountryCode: 'DE',
        dlDate: '2026-11-24T09:30:00.000Z',
      }),
    });
    const { items } = await harness.call(NOTIFICATIONS_RPC.list, { userId: USER_A, skip: 0, limit: 1 });
    expect(items[0]?._id).toBe(created?.notification._id);
  });

  it("when an anonymous sender's transfer is downloaded, then no feed lists it but the created event carries the sender's email", async () => {
    const event = await harness.publish(
      TRANSFER_DOWNLOADED,
      downloadEvent({ slug: 'Anon123', ownerId: null, senderId: null, senderEmail: 'guest@mail.example', senderLang: 'zh' }),
    );
    await harness.waitUntilHandled(event.eventId);

    const [row] = (await harness.rows()).filter((r) => r['slug'] === 'Anon123');
    expect(row?.['user_id']).toBeNull();
    const [created] = (await harness.emitted(NOTIFICATION_CREATED)).filter((e) => e.notification.slug === 'Anon123');
    expect(created).toMatchObject({ userId: null, email: 'guest@mail.example', lang: 'zh', notification: { dlCity: 'Dubai' } });
    const { items } = await harness.call(NOTIFICATIONS_RPC.list, { userId: USER_A, skip: 0, limit: 100 });
    expect(items.map((item) => item.slug)).not.toContain('Anon123');
  });

  it('when a notification is recorded, then its created event is relayed to the bus', async () => {
    const seen: string[] = [];
    const observer = await harness.bus.observe(NOTIFICATION_CREATED, (event) => void seen.push(event.notification.slug));
    const event = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent({ slug: 'Relay00' }));
    await harness.waitUntilHandled(event.eventId);
    await expect.poll(() => seen, { timeout: 5_000 }).toContain('Relay00');
    await observer.stop();
  });
});
