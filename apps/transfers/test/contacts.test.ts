import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_RPC, ZContactListQuery, type TAccessClaims, type TContactListQuery } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('the contacts of an account', () => {
  let h: TransfersHarness;
  const contacts = (caller: TAccessClaims, query: Partial<TContactListQuery> = {}) => h.call(DASHBOARD_RPC.listContacts, { caller, query: ZContactListQuery.parse(query) });
  beforeAll(async () => {
    h = await bootTransfers('contacts');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a sender mails people, then each address is one contact, named ones first by name, and a later name fills in without an empty one erasing it', async () => {
    const ada = h.user();
    await h.send(ada, { files: [draftFile('a.txt')], emailTo: ['zed@client.example', { email: 'bo@client.example', name: 'Bo', company: 'Client' }] });
    await h.send(ada, { files: [draftFile('b.txt')], emailTo: ['BO@client.example', { email: 'zed@client.example', name: 'Zed' }, 'cy@client.example'] });

    const { items, total } = await contacts(ada);
    const lastSent = h.now().getTime();
    expect(total).toBe(3);
    expect(items).toEqual([
      { email: 'bo@client.example', name: 'Bo', company: 'Client', lastSent },
      { email: 'zed@client.example', name: 'Zed', company: null, lastSent },
      { email: 'cy@client.example', name: null, company: null, lastSent },
    ]);
  });

  it('when a sender mails someone again later, then that contact alone carries the later date as lastSent', async () => {
    const ada = h.user();
    const first = h.now().getTime();
    await h.send(ada, { files: [draftFile('a.txt')], emailTo: ['old@client.example', 'again@client.example'] });
    h.advance(36 * 3_600_000);
    await h.send(ada, { files: [draftFile('b.txt')], emailTo: ['AGAIN@client.example'] });

    const byEmail = new Map((await contacts(ada)).items.map((c) => [c.email, c.lastSent]));
    expect(byEmail).toEqual(new Map([['again@client.example', first + 36 * 3_600_000], ['old@client.example', first]]));
  });

  it('when the list is searched or paged, then it matches email, name or company, with % taken literally', async () => {
    const ada = h.user();
    await h.send(ada, { files: [draftFile('a.txt')], emailTo: [{ email: 'bo@acme.example', company: 'Acme' }, { email: 'cy@else.example', name: 'Cy 100%' }, 'dee@else.example'] });
    expect((await contacts(ada, { search: 'ACME' })).items.map((c) => c.email)).toEqual(['bo@acme.example']);
    expect((await contacts(ada, { search: '100%' })).items.map((c) => c.email)).toEqual(['cy@else.example']);
    expect((await contacts(ada, { search: '%' })).items.map((c) => c.email)).toEqual(['cy@else.example']);
    expect(await contacts(ada, { skip: 1, limit: 1 })).toEqual({ items: [expect.objectContaining({ email: 'bo@acme.example' })], total: 3 });
  });

  it('when a team member sends, then the contacts are the admin\'s, shared by the team', async () => {
    const admin = h.user({ role: 'business' });
    const member = h.user({ role: 'business', admin });
    await h.send(member, { files: [draftFile('a.txt')], emailTo: ['bo@client.example'] });
    expect((await contacts(admin)).items.map((c) => c.email)).toEqual(['bo@client.example']);
    expect((await contacts(member)).items.map((c) => c.email)).toEqual(['bo@client.example']);
    expect((await contacts(h.user())).total).toBe(0);
  });
});
