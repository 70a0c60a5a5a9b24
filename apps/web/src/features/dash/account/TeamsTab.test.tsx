import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TTeam } from '@ferry/contracts';
import { createStore } from '../../../app/store';
import { signedIn } from '../../../app/session.slice';
import { ToastRegion } from '../../../components/toasts';
import { renderWithApp } from '../../../test/render';
import { userFixture } from '../../auth/testing/gateway-stub';
import { stubGateway } from '../../download/stub-gateway';
import { parseInviteEmails, TeamsTab } from './TeamsTab';

const INVITE_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const TEAM: TTeam = {
  adminId: 'admin-1',
  company: 'Acme',
  limit: 5,
  members: [{ id: 'member-1', email: 'mia@acme.example', fullName: 'Mia Wong', profilePic: null, finishedOnboarding: true, joinedAt: '2026-12-01T10:00:00.000Z' }],
  pendingInvites: [{ id: INVITE_ID, email: 'ben@acme.example', createdAt: '2026-12-02T10:00:00.000Z', expiresAt: '2026-12-09T10:00:00.000Z' }],
};

function renderTab(team = TEAM) {
  const user = userFixture({ fullName: 'Ada Lovelace', role: 'BM', plan: 'BM' });
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user }));
  const gateway = stubGateway({
    'GET /api/v1/team': { status: 200, body: team },
    'POST /api/v1/team/invites/batch': (call) => ({
      status: 200,
      body: {
        results: (call.body as { emails: string[] }).emails.map((email, i) =>
          i < 1
            ? { email, invite: { id: INVITE_ID, email, expiresAt: '2026-12-09T10:00:00.000Z' }, error: null }
            : { email, invite: null, error: { code: 'TEAM_LIMIT_REACHED', message: 'Your plan allows a team of 5, you included.' } },
        ),
      },
    }),
    [`POST /api/v1/team/invites/${INVITE_ID}/resend`]: { status: 429, body: { error: { code: 'RESEND_TOO_SOON', message: 'wait', details: { retryAfterSeconds: 40 } } } },
    [`DELETE /api/v1/team/invites/${INVITE_ID}`]: { status: 204 },
    'DELETE /api/v1/team/members/member-1': { status: 204 },
  });
  renderWithApp(
    <>
      <TeamsTab user={user} />
      <ToastRegion />
    </>,
    { route: '/dash/account/teams', path: '/dash/account/:tab', store });
  return gateway;
}

afterEach(() => vi.unstubAllGlobals());

describe('TeamsTab', () => {
  it('shows the seats used against the plan, the admin, members with initials and pending invites', async () => {
    renderTab();
    expect(await screen.findByText('3 of 5 seats used')).toBeTruthy();
    expect(screen.getByText('Admin (you)')).toBeTruthy();
    expect(screen.getByText('Mia Wong')).toBeTruthy();
    expect(screen.getByText('MW')).toBeTruthy();
    expect(screen.getByText(/^Joined /)).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Separate addresses with commas, spaces or new lines. 2 seats free.')).toBeTruthy();
  });

  it('invites several addresses at once and says per address what happened; a bad address is caught first', async () => {
    const gateway = renderTab();
    const box = await screen.findByLabelText('Invite by email');
    await userEvent.click(box);
    await userEvent.paste('new@acme.example, nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send invites' }));
    expect(screen.getByRole('alert').textContent).toBe('Not an email address: nope');
    expect(gateway.callsTo('POST /api/v1/team/invites/batch')).toHaveLength(0);

    await userEvent.clear(box);
    await userEvent.paste('New@acme.example; late@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send invites' }));
    await waitFor(() => expect(gateway.callsTo('POST /api/v1/team/invites/batch')).toHaveLength(1));
    expect(gateway.callsTo('POST /api/v1/team/invites/batch')[0]?.body).toEqual({ emails: ['new@acme.example', 'late@acme.example'], lang: 'en' });
    const results = await screen.findByRole('list', { name: 'Invite results' });
    expect(results.textContent).toContain('new@acme.example invited');
    expect(results.textContent).toContain('late@acme.example not invited: your team is full');
    expect((box as HTMLTextAreaElement).value).toBe('late@acme.example');
  }, 20_000);

  it('removes a member after a confirmation whose No has the focus, and resends and revokes an invite', async () => {
    const gateway = renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Mia Wong' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Remove Mia Wong from the team?');
    expect(document.activeElement?.textContent).toBe('No');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(gateway.callsTo('DELETE /api/v1/team/members/member-1')).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Resend the invite to ben@acme.example' }));
    expect(await screen.findByText('The invite was just sent. Wait a minute before sending it again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the invite to ben@acme.example' }));
    await waitFor(() => expect(gateway.callsTo(`DELETE /api/v1/team/invites/${INVITE_ID}`)).toHaveLength(1));
  });

  it('offers the plans when the plan has no team', async () => {
    renderTab({ ...TEAM, limit: 0, members: [], pendingInvites: [] });
    expect(await screen.findByRole('link', { name: 'See plans' })).toBeTruthy();
    expect(screen.queryByLabelText('Invite by email')).toBeNull();
  });

  it('parses addresses separated by commas, semicolons, spaces and new lines, without repeats', () => {
    expect(parseInviteEmails(' A@x.example,b@x.example;\nA@x.example  c@ ')).toEqual({ valid: ['a@x.example', 'b@x.example'], invalid: ['c@'] });
  });
});
