import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

interface FeedbackRow {
  id: string;
  user_id: string | null;
  email: string | null;
  rating: string;
  comment: string;
  page: string | null;
  user_agent: string | null;
  created_at: Date;
}

describe('feedback', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('feedback');
  });
  afterAll(async () => {
    await h?.close();
  });

  const row = async (id: string) => (await h.db<FeedbackRow>('feedback').where({ id }).first()) as FeedbackRow;

  it('when a visitor sends feedback, then it is stored with the page and browser and no user', async () => {
    const { id } = await h.call(IDENTITY_RPC.submitFeedback, {
      rating: 'fantastic',
      comment: '  Fast upload to Dubai  ',
      page: '/d/AbC1234',
      email: 'Visitor@Example.com',
      userId: null,
      client: { ip: '94.200.0.1', userAgent: 'Chromium test' },
    });
    expect(await row(id)).toMatchObject({
      user_id: null,
      email: 'visitor@example.com',
      rating: 'fantastic',
      comment: 'Fast upload to Dubai',
      page: '/d/AbC1234',
      user_agent: 'Chromium test',
    });
    expect((await row(id)).created_at.getTime()).toBe(h.now().getTime());
  });

  it('when a signed-in user sends feedback without an address, then it is linked to them and answered at their own', async () => {
    const { user } = await h.register('mei@factory.example');
    const { id } = await h.call(IDENTITY_RPC.submitFeedback, { rating: 'bad', comment: 'The ZIP took long', userId: user.id });
    expect(await row(id)).toMatchObject({ user_id: user.id, email: 'mei@factory.example', rating: 'bad', page: null, user_agent: null });
  });

  it("when the user id names no account, then the feedback is still kept, as a visitor's", async () => {
    const { id } = await h.call(IDENTITY_RPC.submitFeedback, { rating: 'fine', comment: 'ok', userId: '00000000-0000-4000-8000-000000000000' });
    expect(await row(id)).toMatchObject({ user_id: null, email: null, rating: 'fine' });
  });

  it('when the rating is not one of the three or the comment is empty, then VALIDATION_FAILED and nothing is written', async () => {
    const before = await h.db('feedback').count<{ count: string }[]>('* as count');
    await expect(
      h.call(IDENTITY_RPC.submitFeedback, { rating: 'great' as 'fine', comment: 'hi', userId: null }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    await expect(h.call(IDENTITY_RPC.submitFeedback, { rating: 'fine', comment: '   ', userId: null })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await h.db('feedback').count<{ count: string }[]>('* as count')).toEqual(before);
  });
});
