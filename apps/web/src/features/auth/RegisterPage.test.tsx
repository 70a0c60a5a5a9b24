import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithApp } from '../../test/render';
import RegisterPage from './RegisterPage';
import { readRegistration, saveRegistration } from './registration-storage';
import { NO_SUBSCRIPTION, subscriptionFixture } from '../billing/testing/subscription-fixture';
import { gatewayError, sessionReply, stubGateway } from './testing/gateway-stub';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderRegister(route: string) {
  return renderWithApp(
    <>
      <RegisterPage />
      <LocationProbe />
    </>,
    { route },
  );
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const location = () => screen.getByTestId('location').textContent;
const EMAIL = 'ada@example.com';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('register step guards', () => {
  it('when step 2 is opened without a registration email, then it returns to step 1 with the plan kept', async () => {
    stubGateway({});
    renderRegister('/register?step=2&plan=PM');
    await waitFor(() => expect(location()).toBe('/register?step=1&plan=PM'));
    expect(screen.getByLabelText('Work email')).toBeTruthy();
    expect(screen.getByText('Personal')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it('when step 3 is opened without any registration, then it returns to step 1', async () => {
    stubGateway({});
    renderRegister('/register?step=3&plan=Free');
    await waitFor(() => expect(location()).toBe('/register?step=1&plan=Free'));
  });

  it('when step 3 is opened with an email that is not verified, then it returns to step 2', async () => {
    stubGateway({});
    saveRegistration({ email: EMAIL, isEmailVerified: false });
    renderRegister('/register?step=3&plan=PRM');
    await waitFor(() => expect(location()).toBe('/register?step=2&plan=PRM'));
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
  });

  it('when step 3 is opened with a verified email, then the account form shows', async () => {
    stubGateway({});
    saveRegistration({ email: EMAIL, isEmailVerified: true });
    renderRegister('/register?step=3&plan=PRM');
    expect(await screen.findByLabelText('Full name')).toBeTruthy();
    expect(location()).toBe('/register?step=3&plan=PRM');
  });
});

describe('register step 1', () => {
  it('when a valid email is submitted, then a register code is requested for it lower-cased and step 2 shows', async () => {
    const gateway = stubGateway({ 'POST /auth/email-codes': { status: 202 } });
    renderRegister('/register?step=1&plan=BM');
    const user = userEvent.setup();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(isDisabled(continueButton)).toBe(true);
    await user.type(screen.getByLabelText('Work email'), '  Ada@Example.COM ');
    await user.click(continueButton);
    await waitFor(() => expect(location()).toBe('/register?step=2&plan=BM'));
    expect(gateway.callsTo('POST /auth/email-codes')[0]?.body).toEqual({ email: EMAIL, purpose: 'register', lang: 'en' });
    expect(readRegistration()).toEqual({ email: EMAIL, isEmailVerified: false });
    expect(screen.getByText(EMAIL)).toBeTruthy();
  });

  it('when the email already has an account, then it says so with a Sign In link', async () => {
    stubGateway({ 'POST /auth/email-codes': gatewayError(409, 'EMAIL_TAKEN', 'This email has been taken') });
    renderRegister('/register?step=1&plan=PRM');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Work email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This email has been taken')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(`/login?user=${encodeURIComponent(EMAIL)}`);
    expect(document.activeElement).toBe(screen.getByLabelText('Work email'));
    expect(location()).toBe('/register?step=1&plan=PRM');
  });

  it('when this session already verified the same email, then it goes straight to step 3 without a new code', async () => {
    const gateway = stubGateway({});
    saveRegistration({ email: EMAIL, isEmailVerified: true });
    renderRegister('/register?step=1&plan=PRM');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toBe('/register?step=3&plan=PRM'));
    expect(gateway.calls).toEqual([]);
  });
});

describe('register step 2: the code', () => {
  beforeEach(() => saveRegistration({ email: EMAIL, isEmailVerified: false }));

  it('when a wrong code is typed, then it is sent without pressing Verify and the boxes shake with the message', async () => {
    const gateway = stubGateway({
      'POST /auth/email-codes/verify': gatewayError(403, 'CODE_INCORRECT', 'Incorrect code, check your email and try again.'),
    });
    renderRegister('/register?step=2&plan=PRM');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Digit 1 of 5'));
    await user.keyboard('1234');
    expect(gateway.calls).toEqual([]);
    await user.keyboard('5');
    expect(await screen.findByText('Incorrect code, check your email and try again.')).toBeTruthy();
    expect(gateway.callsTo('POST /auth/email-codes/verify')).toEqual([
      { method: 'POST', path: '/auth/email-codes/verify', body: { email: EMAIL, code: '12345', purpose: 'register' } },
    ]);
    expect(screen.getByRole('group', { name: 'Verification code' }).classList.contains('shake')).toBe(true);
    expect((screen.getByLabelText('Digit 1 of 5') as HTMLInputElement).value).toBe('');
    expect(readRegistration()?.isEmailVerified).toBe(false);
    expect(location()).toBe('/register?step=2&plan=PRM');
  });

  it('when the right code is pasted, then it is verified and step 3 follows', async () => {
    const gateway = stubGateway({ 'POST /auth/email-codes/verify': { status: 200, body: { verified: true } } });
    renderRegister('/register?step=2&plan=PRM');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Digit 1 of 5'));
    await user.paste('Your code: 54321');
    await waitFor(() => expect(location()).toBe('/register?step=3&plan=PRM'));
    expect(gateway.callsTo('POST /auth/email-codes/verify')[0]?.body).toMatchObject({ code: '54321' });
    expect(readRegistration()).toEqual({ email: EMAIL, isEmailVerified: true });
    expect(await screen.findByLabelText('Full name')).toBeTruthy();
  });

  it('when Resend code is used, then it is locked for 2 s (PRODUCT.md) with a spinner and sends one request', async () => {
    const gateway = stubGateway({ 'POST /auth/email-codes': { status: 202 } });
    renderRegister('/register?step=2&plan=PRM');
    const resend = screen.getByRole('button', { name: 'Resend code' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(resend);
    expect(isDisabled(resend)).toBe(true);
    expect(resend.querySelector('.spinner')).not.toBeNull();
    fireEvent.click(resend);
    act(() => vi.advanceTimersByTime(1_999));
    expect(isDisabled(resend)).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(isDisabled(resend)).toBe(false);
    expect(resend.querySelector('.spinner')).toBeNull();
    vi.useRealTimers();
    expect(await screen.findByText(`We sent the code to ${EMAIL} again.`)).toBeTruthy();
    expect(gateway.callsTo('POST /auth/email-codes')).toHaveLength(1);
    expect(gateway.callsTo('POST /auth/email-codes')[0]?.body).toEqual({ email: EMAIL, purpose: 'register', lang: 'en' });
  });

  it('when the code is from a mail in Chinese, then the wrong-code message reads Chinese', async () => {
    stubGateway({ 'POST /auth/email-codes/verify': gatewayError(403, 'CODE_INCORRECT') });
    renderWithApp(<RegisterPage />, { route: '/register?step=2&plan=PRM', lang: 'zh' });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('第 1 位（共 5 位）'));
    await user.keyboard('11111');
    expect(await screen.findByText('验证码不正确，请查看邮件后重试。')).toBeTruthy();
  });
});

describe('register step 3: the account', () => {
  beforeEach(() => saveRegistration({ email: EMAIL, isEmailVerified: true }));

  it('when the password is short, then it says so and the button stays disabled', async () => {
    stubGateway({});
    renderRegister('/register?step=3&plan=PRM');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.tab();
    expect(screen.getByText('Password has to be atleast 6 characters')).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Create account' }))).toBe(true);
  });

  it('when the email was taken meanwhile, then it says so with a Sign In link', async () => {
    stubGateway({ 'POST /auth/signup': gatewayError(409, 'EMAIL_TAKEN', 'This email has been taken') });
    renderRegister('/register?step=3&plan=PRM');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email has been taken')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(`/login?user=${encodeURIComponent(EMAIL)}`);
  });

  it('when the account is created with a paid plan, then the card starts the trial, the session is refreshed and the dashboard opens', async () => {
    let role = 'Free';
    const gateway = stubGateway({
      'POST /auth/signup': sessionReply(201, { email: EMAIL, fullName: 'Ada Lovelace', role: 'Free', plan: 'PRM' }),
      'GET /billing/subscription': { status: 200, body: NO_SUBSCRIPTION },
      'POST /billing/checkout': () => {
        role = 'PRM';
        return { status: 200, body: { subscription: subscriptionFixture({ planCode: 'PRM' }), clientSecret: null, type: null } };
      },
      'POST /auth/refresh': () => sessionReply(200, { email: EMAIL, role, plan: 'PRM', status: 'trialing' }),
    });
    const { store } = renderRegister('/register?step=3&plan=PRM');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), ' Ada Lovelace ');
    await user.type(screen.getByLabelText('Company (optional)'), 'Analytical Ltd');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Ferry, Ada' })).toBeTruthy();
    expect(gateway.callsTo('POST /auth/signup')[0]?.body).toEqual({
      email: EMAIL,
      password: 'secret-1',
      fullName: 'Ada Lovelace',
      company: 'Analytical Ltd',
      plan: 'PRM',
      lang: 'en',
    });
    expect(screen.getByRole('heading', { name: 'Start your Pro trial' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Skip, continue on Free' })).getAttribute('href')).toBe('/dash');
    expect(store.getState().session.status).toBe('signedIn');
    expect(readRegistration()).toBeNull();
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1240');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Start 7-day trial' }));
    await waitFor(() => expect(location()).toBe('/dash'));
    expect(gateway.callsTo('POST /billing/checkout')[0]?.body).toEqual({ planCode: 'PRM', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' }, lang: 'en' });
    expect(store.getState().session.user?.role).toBe('PRM');
  });

  it('when a promotion code is applied at step 3, then its discount shows and checkout sends the code the check accepted', async () => {
    const gateway = stubGateway({
      'POST /auth/signup': sessionReply(201, { email: EMAIL, role: 'Free', plan: 'PRM' }),
      'GET /billing/subscription': { status: 200, body: NO_SUBSCRIPTION },
      'POST /billing/coupons/check': { status: 200, body: { valid: true, code: 'SPRING20', percentOff: 20, amountOff: null, duration: 'once', durationInMonths: null } },
      'POST /billing/checkout': { status: 200, body: { subscription: subscriptionFixture({ planCode: 'PRM' }), clientSecret: null, type: null } },
      'POST /auth/refresh': sessionReply(200, { email: EMAIL, role: 'PRM', plan: 'PRM', status: 'trialing' }),
    });
    renderRegister('/register?step=3&plan=PRM');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Promotion code'), 'spring20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('20% off on the first payment')).toBeTruthy();
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1240');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Start 7-day trial' }));
    await waitFor(() => expect(location()).toBe('/dash'));
    expect(gateway.callsTo('POST /billing/checkout')[0]?.body).toMatchObject({ planCode: 'PRM', promotionCode: 'SPRING20', lang: 'en' });
  });

  it('when the card is declined at step 3, then the error shows, no trial starts and the dashboard stays one click away', async () => {
    const gateway = stubGateway({
      'POST /auth/signup': sessionReply(201, { email: EMAIL, role: 'Free', plan: 'PRY' }),
      'GET /billing/subscription': { status: 200, body: NO_SUBSCRIPTION },
      'POST /billing/checkout': gatewayError(402, 'CARD_DECLINED', 'Your card was declined.'),
    });
    renderRegister('/register?step=3&plan=PRY');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Ada');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1240');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Start 7-day trial' }));
    expect((await screen.findByText('Your card was declined.')).getAttribute('role')).toBe('alert');
    expect(location()).toBe('/register?step=3&plan=PRY');
    expect(gateway.callsTo('POST /auth/refresh')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Skip, continue on Free' })).toBeTruthy();
  });
});
