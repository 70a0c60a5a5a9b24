import type { SmtpInbox } from '@ferry/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, type ErrorBody } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

/** The feedback widget's `POST /feedback` through the gateway to identity, on a real Postgres. */
describe('feedback through the gateway', () => {
  let running: TestFerry;
  let api: string;
  let inbox: SmtpInbox;
  let identityDb: Knex;

  beforeAll(async () => {
    running = await startTestFerry('feedback');
    ({ api, inbox } = running);
    identityDb = running.schema('identity');
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  const stored = () => identityDb('feedback').select('user_id', 'email', 'rating', 'comment', 'page', 'user_agent').orderBy('created_at');

  it('when a visitor sends a rating and a comment, then 202 and it is stored with the page and no user', async () => {
    const res = await gatewayClient(api).call(
      'POST',
      '/feedback',
      { rating: 'fantastic', comment: 'The download page is clear', page: '/d/AbC1234' },
      { 'user-agent': 'feedback-test' },
    );
    expect(res.status).toBe(202);
    expect(await stored()).toEqual([
      { user_id: null, email: null, rating: 'fantastic', comment: 'The download page is clear', page: '/d/AbC1234', user_agent: 'feedback-test' },
    ]);
  });

  it('when a signed-in user sends feedback, then it is stored with their id and address', async () => {
    const session = await signUpThroughGateway(api, inbox, { email: 'omar@dubai-trading.example', plan: 'Free' });
    const res = await gatewayClient(api, session.accessToken).call('POST', '/feedback', { rating: 'bad', comment: 'Too slow from Dubai' });
    expect(res.status).toBe(202);
    expect((await stored()).at(-1)).toMatchObject({ user_id: session.user.id, email: 'omar@dubai-trading.example', rating: 'bad' });
  });

  it('when the input is bad, then 400 VALIDATION_FAILED names the field and nothing is stored', async () => {
    const before = (await stored()).length;
    const cases: Array<[unknown, string]> = [
      [{ rating: 'great', comment: 'hi' }, 'rating'],
      [{ rating: 'fine' }, 'comment'],
      [{ rating: 'fine', comment: '   ' }, 'comment'],
      [{ rating: 'fine', comment: 'x'.repeat(2001) }, 'comment'],
      [{ rating: 'fine', comment: 'hi', email: 'not-an-address' }, 'email'],
      [{ rating: 'fine', comment: 'hi', admin: true }, 'admin'],
    ];
    for (const [body, field] of cases) {
      const res = await gatewayClient(api).call('POST', '/feedback', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as ErrorBody).error.code).toBe('VALIDATION_FAILED');
      expect((res.body as ErrorBody).error.message).toContain(field);
    }
    expect(await stored()).toHaveLength(before);
  });

  it('when a stale token is sent, then 401 so the web app refreshes, and nothing is stored', async () => {
    const before = (await stored()).length;
    const res = await gatewayClient(api, 'not.a.token').call('POST', '/feedback', { rating: 'fine', comment: 'hi' });
    expect(res.status).toBe(401);
    expect(await stored()).toHaveLength(before);
  });
});
