import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { rememberResetEmail } from './reset-email-storage';
import { gatewayError, stubGateway } from './testing/gateway-stub';
import UpdatePasswordPage from './UpdatePasswordPage';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';

afterEach(() => vi.unstubAllGlobals());

describe('update password', () => {
  it('when the token check answers 404, then the link is called invalid with a way to ask again', async () => {
    stubGateway({ [`GET /auth/password-resets/${TOKEN}`]: gatewayError(404, 'RESET_TOKEN_INVALID') });
    renderWithApp(<UpdatePasswordPage />, { route: `/updatepassword?t=${TOKEN}` });
    expect(await screen.findByRole('heading', { name: "This link doesn't work anymore" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/login?forgotPass=1');
  });

  it('when the token is valid, then a confirmed new password is set and login is offered with the email', async () => {
    const gateway = stubGateway({
      [`GET /auth/password-resets/${TOKEN}`]: { status: 202 },
      [`POST /auth/password-resets/${TOKEN}`]: { status: 204 },
    });
    rememberResetEmail('ada@example.com');
    renderWithApp(<UpdatePasswordPage />, { route: `/updatepassword?t=${TOKEN}` });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'second-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'second-pazz');
    await user.tab();
    expect(screen.getByText("The passwords don't match.")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Set new password' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'second-pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Your password has been changed' })).toBeTruthy();
    expect(gateway.callsTo(`POST /auth/password-resets/${TOKEN}`)[0]?.body).toEqual({ password: 'second-pass' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?user=ada%40example.com');
  });

  it('when there is no token, then nothing is asked of the gateway and the link is invalid', async () => {
    const gateway = stubGateway({});
    renderWithApp(<UpdatePasswordPage />, { route: '/updatepassword' });
    expect(await screen.findByRole('heading', { name: "This link doesn't work anymore" })).toBeTruthy();
    expect(gateway.calls).toEqual([]);
  });
});
