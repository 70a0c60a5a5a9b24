import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { signedIn } from '../../app/session.slice';
import { renderWithApp } from '../../test/render';
import { userFixture } from '../auth/testing/gateway-stub';
import { stubGateway, type StubRoutes } from '../download/stub-gateway';
import AccountPage from '../dash/account/AccountPage';
import { stripeStandIn } from './testing/stripe-stand-in';
import { NO_SUBSCRIPTION, subscriptionFixture } from './testing/subscription-fixture';
import { TrialCheckout } from './TrialCheckout';

// Stripe.js loads from Stripe's CDN, which no machine here reaches: loadStripe answers the stand-in.
const { loadStripe } = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe }));

const STRIPE_CONFIG = { 'GET /api/v1/billing/config': { status: 200, body: { provider: 'stripe', publishableKey: 'pk_test_ferry' } } };
const TRIALING = subscriptionFixture({ provider: 'stripe', planCode: 'PRM' });

function renderCheckout(routes: StubRoutes) {
  const gateway = stubGateway({
    ...STRIPE_CONFIG,
    'GET /api/v1/billing/subscription': { status: 200, body: { ...NO_SUBSCRIPTION, provider: 'stripe' } },
    'POST /api/v1/auth/refresh': { status: 200, body: { accessToken: 'fresh', user: userFixture({ role: 'PRM', plan: 'PRM', status: 'trialing' }) } },
    ...routes,
  });
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture({ role: 'Free', plan: 'PRM' }) }));
  renderWithApp(<TrialCheckout planCode="PRM" titleId="trial-title" />, { route: '/signup/card', store });
  return gateway;
}

async function startTrial() {
  const button = await screen.findByRole('button', { name: 'Start 7-day trial' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  await userEvent.setup().click(button);
}

beforeEach(() => {
  vi.clearAllMocks();
  loadStripe.mockResolvedValue(stripeStandIn);
});
afterEach(() => vi.unstubAllGlobals());

describe('StripeCardForm (provider stripe)', () => {
  it('checkout: sends the payment method, then confirms the setup intent with the client secret the API answered', async () => {
    const gateway = renderCheckout({ 'POST /api/v1/billing/checkout': { status: 200, body: { subscription: TRIALING, clientSecret: 'seti_1_secret_api', type: 'setup' } } });
    expect(await screen.findByText('Stripe card fields')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await startTrial();
    await waitFor(() => expect(gateway.callsTo('POST /api/v1/auth/refresh').length).toBeGreaterThan(0));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_ferry');
    expect(gateway.callsTo('POST /api/v1/billing/checkout')[0]?.body).toEqual({ planCode: 'PRM', paymentMethodId: 'pm_stand_in', lang: 'en' });
    expect(stripeStandIn.confirmSetup).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'seti_1_secret_api', redirect: 'if_required', confirmParams: expect.objectContaining({ payment_method: 'pm_stand_in' }) }),
    );
    expect(stripeStandIn.confirmPayment).not.toHaveBeenCalled();
  });

  it("checkout answering a payment intent: confirmPayment; Stripe's refusal is shown in the form and the plan is not applied", async () => {
    stripeStandIn.confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    const gateway = renderCheckout({ 'POST /api/v1/billing/checkout': { status: 200, body: { subscription: TRIALING, clientSecret: 'pi_2_secret_api', type: 'payment' } } });
    await startTrial();
    expect(await screen.findByText('Your card has insufficient funds.')).toBeTruthy();
    expect(stripeStandIn.confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_2_secret_api', redirect: 'if_required' }));
    expect(gateway.callsTo('POST /api/v1/auth/refresh')).toHaveLength(0);
  });

  it("when Stripe refuses the card fields, then its message is shown and the API is not called", async () => {
    stripeStandIn.createPaymentMethod.mockResolvedValueOnce({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    const gateway = renderCheckout({});
    await startTrial();
    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
    expect(gateway.callsTo('POST /api/v1/billing/checkout')).toHaveLength(0);
  });

  it("when the API declines the payment method, then the form shows the API's card error", async () => {
    renderCheckout({ 'POST /api/v1/billing/checkout': { status: 402, body: { error: { code: 'CARD_DECLINED', message: 'declined' } } } });
    await startTrial();
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(stripeStandIn.confirmSetup).not.toHaveBeenCalled();
  });

  it('replacing the card sends a payment method id to POST /billing/card', async () => {
    const gateway = stubGateway({
      ...STRIPE_CONFIG,
      'GET /api/v1/billing/subscription': { status: 200, body: TRIALING },
      'GET /api/v1/billing/invoices': { status: 200, body: { items: [] } },
      'POST /api/v1/billing/card': { status: 200, body: TRIALING },
      'POST /api/v1/auth/refresh': { status: 200, body: { accessToken: 'fresh', user: userFixture({ role: 'PRM', plan: 'PRM', status: 'trialing' }) } },
    });
    const store = createStore();
    store.dispatch(signedIn({ accessToken: 'token', user: userFixture({ role: 'PRM', plan: 'PRM', status: 'trialing' }) }));
    renderWithApp(<AccountPage />, { route: '/dash/account/billing', path: '/dash/account/:tab', store });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Replace card' }));
    const save = await screen.findByRole('button', { name: 'Save card' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save);
    expect(await screen.findByText('Your card is saved.')).toBeTruthy();
    expect(gateway.callsTo('POST /api/v1/billing/card')[0]?.body).toEqual({ paymentMethodId: 'pm_stand_in' });
  });
});
