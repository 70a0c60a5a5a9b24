import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../app/session.slice';
import { createStore } from '../../app/store';
import { renderWithApp } from '../../test/render';
import { userFixture } from '../auth/testing/gateway-stub';
import { subscriptionOf } from '../billing/testing/lifetime-fixture';
import { stubGateway, type StubRoutes } from '../download/stub-gateway';
import LifetimeDealPage from './LifetimeDealPage';

function renderSignedIn(routes: StubRoutes, lang: 'en' | 'zh' = 'en') {
  const gateway = stubGateway(routes);
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture({ role: 'Free', plan: 'Free', status: 'active' }) }));
  renderWithApp(<LifetimeDealPage />, { route: '/lifetime-deal', store, lang });
  return { gateway, store };
}

async function redeem(code: string, label = 'Your lifetime-deal code', button = 'Redeem code') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(label), code);
  await user.click(screen.getByRole('button', { name: button }));
}

afterEach(() => vi.unstubAllGlobals());

describe('lifetime-deal page', () => {
  it('when nobody is signed in, then it asks to log in or register first and shows no code field', () => {
    stubGateway({});
    renderWithApp(<LifetimeDealPage />, { route: '/lifetime-deal' });
    expect(screen.getByText('Log in or create your account first, then enter your code here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Create your account' }).getAttribute('href')).toBe('/register?plan=Free');
    expect(screen.queryByLabelText('Your lifetime-deal code')).toBeNull();
  });

  it('when a signed-in user redeems a good code, then the session takes the Pro plan and the page says the deal is active', async () => {
    let role = 'Free';
    const { gateway, store } = renderSignedIn({
      'POST /api/v1/billing/lifetime-codes/redeem': () => {
        role = 'PRY';
        return { status: 200, body: subscriptionOf({ isSumo: true }) };
      },
      'POST /api/v1/auth/refresh': () => ({ status: 200, body: { accessToken: 'fresh', user: userFixture({ role, plan: 'Free', status: 'active' }) } }),
    });
    await redeem(' ltd-abcd-efgh-jkmn ');
    expect(await screen.findByText("Your lifetime deal is active: your account has the Pro plan's limits for life.")).toBeTruthy();
    expect(gateway.callsTo('POST /api/v1/billing/lifetime-codes/redeem')[0]?.body).toEqual({ code: 'ltd-abcd-efgh-jkmn' });
    expect(store.getState().session.user?.role).toBe('PRY');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dash');
  });

  it('when the code was redeemed already, then the form says so and the session is not refreshed', async () => {
    const { gateway } = renderSignedIn({
      'POST /api/v1/billing/lifetime-codes/redeem': { status: 409, body: { error: { code: 'LIFETIME_CODE_USED', message: 'used' } } },
    });
    await redeem('LTD-USED-USED-USED');
    expect((await screen.findByRole('alert')).textContent).toBe('This lifetime-deal code has already been redeemed.');
    expect(gateway.callsTo('POST /api/v1/auth/refresh')).toHaveLength(0);
    expect(screen.getByLabelText('Your lifetime-deal code').getAttribute('aria-invalid')).toBe('true');
  });

  it('when the account holds a deal already, then the Chinese page says one code per account', async () => {
    renderSignedIn({ 'POST /api/v1/billing/lifetime-codes/redeem': { status: 409, body: { error: { code: 'LIFETIME_ALREADY_REDEEMED', message: 'one' } } } }, 'zh');
    await redeem('LTD-AAAA-BBBB-CCCC', '您的终身特惠兑换码', '兑换');
    expect((await screen.findByRole('alert')).textContent).toBe('您的账户已有终身特惠：每个账户限用一个兑换码。');
  });
});
