import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { signedIn } from '../../app/session.slice';
import { renderWithApp } from '../../test/render';
import { userFixture } from '../auth/testing/gateway-stub';
import { stubGateway, type StubRoutes } from '../download/stub-gateway';
import AccountPage from '../dash/account/AccountPage';
import { subscriptionFixture } from './testing/subscription-fixture';

const INVOICE = { id: 'in_1', number: 'FERRY-0001', planCode: 'PRY', amount: 19_900, currency: 'usd', status: 'paid', created: Date.UTC(2026, 10, 3), periodStart: 0, periodEnd: 0, url: null };

function renderBillingTab(routes: StubRoutes, lang: 'en' | 'zh' = 'en') {
  const gateway = stubGateway({ 'GET /api/v1/billing/invoices': { status: 200, body: { items: [] } }, ...routes });
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture({ role: 'PRY', plan: 'PRY', status: 'trialing' }) }));
  renderWithApp(<AccountPage />, { route: '/dash/account/billing', path: '/dash/account/:tab', store, lang });
  return { gateway, store };
}

afterEach(() => vi.unstubAllGlobals());

describe('billing tab', () => {
  it('shows a trial: plan, days left, next charge, the card and the invoices', async () => {
    renderBillingTab({
      'GET /api/v1/billing/subscription': { status: 200, body: subscriptionFixture() },
      'GET /api/v1/billing/invoices': { status: 200, body: { items: [INVOICE] } },
    });
    expect(await screen.findByText('Pro · Yearly')).toBeTruthy();
    expect(screen.getByText('Trial')).toBeTruthy();
    expect(screen.getByText('5 days')).toBeTruthy();
    expect(screen.getByText('$199.00 on Dec 6, 2026')).toBeTruthy();
    expect(screen.getByText('Visa ending in 4242')).toBeTruthy();
    const invoices = await screen.findByRole('table');
    expect(await within(invoices).findByText('FERRY-0001')).toBeTruthy();
    expect(within(invoices).getByText('Paid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/dash/account/1');
  });

  it('past due: says the trial expired and replacing the card charges again, then refreshes the session', async () => {
    let role = 'Free';
    const { gateway, store } = renderBillingTab({
      'GET /api/v1/billing/subscription': { status: 200, body: subscriptionFixture({ status: 'past_due', trialDaysLeft: null, card: { brand: 'visa', last4: '0341', expMonth: 1, expYear: 2041 } }) },
      'POST /api/v1/billing/card': () => {
        role = 'PRY';
        return { status: 200, body: subscriptionFixture({ status: 'active', trialDaysLeft: null }) };
      },
      'POST /api/v1/auth/refresh': () => ({ status: 200, body: { accessToken: 'fresh', user: userFixture({ role, plan: 'PRY', status: 'active' }) } }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Your trial has expired');
    expect(screen.getByText('Payment failed')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Replace card' }));
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1240');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card is saved.')).toBeTruthy();
    expect(gateway.callsTo('POST /api/v1/billing/card')[0]?.body).toEqual({ card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' } });
    await waitFor(() => expect(store.getState().session.user?.role).toBe('PRY'));
    expect(gateway.callsTo('POST /api/v1/auth/refresh').length).toBeGreaterThan(0);
  });

  it('cancels only after confirming, then offers resume with the end date', async () => {
    let subscription = subscriptionFixture({ status: 'active', trialDaysLeft: null });
    const { gateway } = renderBillingTab({
      'GET /api/v1/billing/subscription': () => ({ status: 200, body: subscription }),
      'POST /api/v1/billing/cancel': () => {
        subscription = { ...subscription, cancelAtPeriodEnd: true };
        return { status: 200, body: subscription };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(gateway.callsTo('POST /api/v1/billing/cancel')).toHaveLength(0);
    expect(screen.getByText(/It stays until Dec 6, 2026/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByRole('button', { name: 'Resume subscription' })).toBeTruthy();
    expect(screen.getByText('Ends on Dec 6, 2026')).toBeTruthy();
  });

  it('a canceled subscription shows its status and a way to choose a plan, in Chinese too', async () => {
    renderBillingTab({ 'GET /api/v1/billing/subscription': { status: 200, body: subscriptionFixture({ status: 'canceled', trialDaysLeft: null, nextCharge: null }) } }, 'zh');
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(screen.getByRole('link', { name: '选择套餐' }).getAttribute('href')).toBe('/dash/account/1');
    expect(screen.queryByRole('button', { name: '取消订阅' })).toBeNull();
  });
});
