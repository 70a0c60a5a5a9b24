import { NOTIFICATION_CREATED, TRANSFER_DOWNLOADED } from '@ferry/contracts';
import { waitFor } from '@ferry/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { startNotificationsHarness, type NotificationsHarness } from './support/notifications-harness';
import { downloadEvent } from './support/source-events';

const failedDeliveries = (harness: NotificationsHarness) =>
  harness.log.lines.filter((line) => line.msg === 'handler failed; will retry').length;

describe('geo unavailable', () => {
  let harness: NotificationsHarness | undefined;

  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('when nobody answers geo, then nothing is stored, and the notification appears with its place once geo is back', async () => {
    harness = await startNotificationsHarness('geo_down');
    const event = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent());
    const current = harness;
    await waitFor('two failed deliveries', () => failedDeliveries(current) >= 2);
    expect(await harness.rows()).toEqual([]);
    expect(await harness.emitted(NOTIFICATION_CREATED)).toEqual([]);

    await harness.serveGeo();
    await harness.waitUntilHandled(event.eventId);
    expect(await harness.rows()).toEqual([expect.objectContaining({ dl_city: 'Dubai', dl_country_code: 'AE' })]);
    expect(await harness.emitted(NOTIFICATION_CREATED)).toHaveLength(1);
  });

  it('when geo answers too late, then nothing is stored until it answers in time', async () => {
    harness = await startNotificationsHarness('geo_slow', { geoTimeoutMs: 300 });
    const geo = await harness.serveGeo();
    geo.isHanging = true;
    const event = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent());
    const current = harness;
    await waitFor('a failed delivery', () => failedDeliveries(current) >= 1);
    expect(await harness.rows()).toEqual([]);

    geo.isHanging = false;
    await harness.waitUntilHandled(event.eventId);
    expect(await harness.rows()).toEqual([expect.objectContaining({ dl_city: 'Dubai', dl_country: 'United Arab Emirates' })]);
  });
});
