import { AppError, NOTIFICATIONS_RPC, TRANSFER_DOWNLOADED } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationsHarness, type NotificationsHarness } from './support/notifications-harness';
import { downloadEvent, USER_A, USER_B } from './support/source-events';

describe('the notification feed', () => {
  let harness: NotificationsHarness;
  const list = (userId: string, skip = 0, limit = 30) => harness.call(NOTIFICATIONS_RPC.list, { userId, skip, limit });

  beforeAll(async () => {
    harness = await startNotificationsHarness('feed', { withGeo: true });
    // One at a time, so that the feed's order is the order of the downloads.
    for (const [slug, ownerId] of [['AAAAAA1', USER_A], ['AAAAAA2', USER_A], ['AAAAAA3', USER_A], ['BBBBBB1', USER_B]] as const) {
      const event = await harness.publish(TRANSFER_DOWNLOADED, downloadEvent({ slug, ownerId }));
      await harness.waitUntilHandled(event.eventId);
    }
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('when a user lists, then they see only their own notifications, newest first, with unread and total counts', async () => {
    const feed = await list(USER_A);
    expect(feed.items.map((item) => item.slug)).toEqual(['AAAAAA3', 'AAAAAA2', 'AAAAAA1']);
    expect([feed.unread, feed.total]).toEqual([3, 3]);
    expect((await list(USER_B)).items.map((item) => item.slug)).toEqual(['BBBBBB1']);
    expect(await list('user-without-alerts')).toEqual({ items: [], unread: 0, total: 0 });
  });

  it('when a user pages, then skip and limit cut the list and the counts stay whole', async () => {
    const page = await list(USER_A, 1, 1);
    expect(page.items.map((item) => item.slug)).toEqual(['AAAAAA2']);
    expect([page.unread, page.total]).toEqual([3, 3]);
  });

  it("when user B deletes user A's notification, then 404 NOT_FOUND and it stays", async () => {
    const [target] = (await list(USER_A)).items;
    const error = await harness.call(NOTIFICATIONS_RPC.deleteOne, { userId: USER_B, id: target?._id ?? '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).code, (error as AppError).status]).toEqual(['NOT_FOUND', 404]);
    expect((await list(USER_A)).total).toBe(3);
  });

  it('when the id is not an id at all, then 404 NOT_FOUND', async () => {
    const error = (await harness.call(NOTIFICATIONS_RPC.deleteOne, { userId: USER_A, id: 'nope' }).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('NOT_FOUND');
  });

  it('when all are marked read, then unread is 0 for that user only', async () => {
    await harness.call(NOTIFICATIONS_RPC.markAllRead, { userId: USER_A });
    const feed = await list(USER_A);
    expect(feed.unread).toBe(0);
    expect(feed.items.every((item) => item.read)).toBe(true);
    expect((await list(USER_B)).unread).toBe(1);
  });

  it('when a user deletes one of theirs, then it is gone from their feed', async () => {
    const [newest] = (await list(USER_A)).items;
    await expect(harness.call(NOTIFICATIONS_RPC.deleteOne, { userId: USER_A, id: newest?._id ?? '' })).resolves.toEqual({});
    const feed = await list(USER_A);
    expect(feed.items.map((item) => item.slug)).toEqual(['AAAAAA2', 'AAAAAA1']);
    expect(feed.total).toBe(2);
  });

  it("when a user clears all, then their feed is empty and other users' stay", async () => {
    await harness.call(NOTIFICATIONS_RPC.clearAll, { userId: USER_A });
    expect(await list(USER_A)).toEqual({ items: [], unread: 0, total: 0 });
    expect((await list(USER_B)).total).toBe(1);
  });
});
