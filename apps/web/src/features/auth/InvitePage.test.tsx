import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createStore } from '../../app/store';
import { createI18n } from '../../i18n/i18n';
import { renderWithApp } from '../../test/render';
import InvitePage from './InvitePage';
import { gatewayError, sessionReply, stubGateway } from './testing/gateway-stub';

const INVITE = 'inv_abcdefghijklmnopqrstuvwxyz';

/** The invite route beside a stand-in dashboard, so the redirect has somewhere to land. */
function renderInviteWithDash() {
  const store = createStore();
  const router = createMemoryRouter(
    [
      { path: '/invite/:id', element: <InvitePage /> },
      { path: '/dash', element: <h1>dashboard</h1> },
    ],
    { initialEntries: [`/invite/${INVITE}`] },
  );
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n('en')}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { store, router };
}

afterEach(() => vi.unstubAllGlobals());

describe('team invite', () => {
  it('when the invite is accepted with a password, then the member is signed in on the dashboard', async () => {
    const gateway = stubGateway({ [`POST /team/invites/${INVITE}/accept`]: sessionReply(201, { isTeamMember: true }) });
    const { store, router } = renderInviteWithDash();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { name: 'dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dash');
    expect(gateway.callsTo(`POST /team/invites/${INVITE}/accept`)[0]?.body).toEqual({ password: 'secret-1', fullName: 'Grace Hopper' });
    expect(store.getState().session.status).toBe('signedIn');
  });

  it('when the invite is used or expired, then it says so', async () => {
    stubGateway({ [`POST /team/invites/${INVITE}/accept`]: gatewayError(404, 'INVITE_NOT_FOUND') });
    renderWithApp(<InvitePage />, { route: `/invite/${INVITE}`, path: '/invite/:id' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeTruthy();
    expect(screen.getByText('This invite is invalid, used or expired.')).toBeTruthy();
  });
});
