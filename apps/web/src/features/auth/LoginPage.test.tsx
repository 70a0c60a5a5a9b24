import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithApp } from '../../test/render';
import LoginPage from './LoginPage';
import { gatewayError, sessionReply, stubGateway } from './testing/gateway-stub';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderLogin(route: string) {
  return renderWithApp(
    <>
      <LoginPage />
      <LocationProbe />
    </>,
    { route },
  );
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const EMAIL = 'ada@example.com';

afterEach(() => vi.unstubAllGlobals());

describe('login', () => {
  it('when ?user= is given, then the email is prefilled and Login waits for a password', () => {
    stubGateway({});
    renderLogin(`/login?user=${encodeURIComponent(EMAIL)}`);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(EMAIL);
    expect(isDisabled(screen.getByRole('button', { name: 'Login' }))).toBe(true);
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByText("Don't have an account yet?")).toBeTruthy();
  });

  it('when the gateway answers 401 AUTH_FAILED, then the box shakes with the credentials message', async () => {
    stubGateway({ 'POST /auth/login': gatewayError(401, 'AUTH_FAILED', 'Auth Failed') });
    const { container, store } = renderLogin('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Unable to log in with provided credentials')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('.auth-card')?.classList.contains('shake')).toBe(true));
    expect(store.getState().session.status).not.toBe('signedIn');
  });

  it('when the network is down, then it asks to refresh', async () => {
    stubGateway({ 'POST /auth/login': 'network' });
    renderLogin('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Connection trouble, please refresh and try again')).toBeTruthy();
  });

  it('when the credentials are right, then the session is stored and the dashboard opens', async () => {
    const gateway = stubGateway({ 'POST /auth/login': sessionReply(200, { email: EMAIL }) });
    const { store } = renderLogin('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dash'));
    expect(gateway.callsTo('POST /auth/login')[0]?.body).toEqual({ email: EMAIL, password: 'secret-1' });
    expect(store.getState().session).toMatchObject({ status: 'signedIn', accessToken: 'access-token' });
  });
});

describe('forgot password', () => {
  it('when ?forgotPass is given, then the reset view opens, and a request shows the sent message', async () => {
    const gateway = stubGateway({ 'POST /auth/password-resets': { status: 202 } });
    renderLogin('/login?forgotPass=1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Get a new password' }));
    expect(await screen.findByText('Password request sent!')).toBeTruthy();
    expect(screen.getByText('If we have a account with that email, please click the included link to reset your password.')).toBeTruthy();
    expect(gateway.callsTo('POST /auth/password-resets')[0]?.body).toEqual({ email: EMAIL, lang: 'en' });
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('when "Forgot your password ?" is pressed, then the reset view replaces the login form', async () => {
    stubGateway({});
    renderLogin('/login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot your password ?' }));
    expect(screen.getByRole('button', { name: 'Get a new password' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
