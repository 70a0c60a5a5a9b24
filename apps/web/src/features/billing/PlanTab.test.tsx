import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { signedIn } from '../../app/session.slice';
import { renderWithApp } from '../../test/render';
import { userFixture } from '../auth/testing/gateway-stub';
import { stubGateway, type StubRoutes } from '../download/stub-gateway';
import AccountPage from '../dash/account/AccountPage';
import { NO_SUBSCRIPTION, subscriptionFixture } from './testing/subscription-fixture';

function renderPlanTab(routes: StubRoutes, route = '/dash/account/1', lang: 'en' | 'zh' = 'en') {
  const gateway = stubGateway(routes);
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture({ role: 'Free', plan: 'PRM' }) }));
  renderWithApp(<AccountPage />, { route, path: '/dash/account/:tab', store, lang });
  return { gateway, store };
}

const plan = (name: string) => screen.getByRole('listitem', { name });

afterEach(() => vi.unstubAllGlobals());

describe('plan tab', () => {
  it('marks the current plan and offers upgrade and downgrade around it', async () => {
    renderPlanTab({ 'GET /api/v1/billing/subscription': { status: 200, body: subscriptionFixture({ planCode: 'PRM', status: 'active' }) } });
    await screen.findByRole('list', { name: 'Plans' });
    expect(within(plan('Pro')).getByText('Current plan')).toBeTruthy();
    expect(plan('Pro').getAttribute('aria-current')).toBe('true');
    expect(within(plan('Business')).getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(within(plan('Personal')).getByRole('button', { name: 'Downgrade' })).toBeTruthy();
    expect(within(plan('Free')).queryByRole('button')).toBeNull();
  });

  it('a downgrade says it applies at the end of the period and changes plan with the card on file', async () => {
    const { gateway } = renderPlanTab({
      'GET /api/v1/billing/subscription': { status: 200, body: subscriptionFixture({ planCode: 'PRM', status: 'active' }) },
      'POST /api/v1/billing/checkout': { status: 200, body: { subscription: subscriptionFixture({ planCode: 'PRM', status: 'active', nextPlanCode: 'PM' }), clientSecret: null, type: null } },
      'POST /api/v1/auth/refresh': { status: 200, body: { accessToken: 'fresh', user: userFixture({ role: 'PRM' }) } },
    });
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('listitem', { name: 'Personal' })).getByRole('button', { name: 'Downgrade' }));
    expect(screen.getByText('A downgrade applies at the end of the period, on Dec 6, 2026.')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm change' }));
    expect(await screen.findByText('The Personal plan starts on Dec 6, 2026.')).toBeTruthy();
    expect(gateway.callsTo('POST /api/v1/billing/checkout')[0]?.body).toEqual({ planCode: 'PM', lang: 'en' });
  });

  it('in Chinese, checkout sends lang zh so billing mails come in Chinese', async () => {
    const { gateway } = renderPlanTab(
      {
        'GET /api/v1/billing/subscription': { status: 200, body: subscriptionFixture({ planCode: 'PRM', status: 'active' }) },
        'POST /api/v1/billing/checkout': { status: 200, body: { subscription: subscriptionFixture({ planCode: 'PRM', status: 'active', nextPlanCode: 'PM' }), clientSecret: null, type: null } },
        'POST /api/v1/auth/refresh': { status: 200, body: { accessToken: 'fresh', user: userFixture({ role: 'PRM' }) } },
      },
      '/dash/account/1',
      'zh',
    );
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('listitem', { name: '个人版' })).getByRole('button', { name: '降级' }));
    await user.click(screen.getByRole('button', { name: '确认更换' }));
    await waitFor(() => expect(gateway.callsTo('POST /api/v1/billing/checkout')).toHaveLength(1));
    expect(gateway.callsTo('POST /api/v1/billing/checkout')[0]?.body).toEqual({ planCode: 'PM', lang: 'zh' });
  });

  it('without a subscription, ?plan= opens the card form for that plan and a declined card starts nothing', async () => {
    const { gateway } = renderPlanTab(
      {
        'GET /api/v1/billing/subscription': { status: 200, body: NO_SUBSCRIPTION },
        'POST /api/v1/billing/checkout': { status: 402, body: { error: { code: 'CARD_DECLINED', message: 'Your card was declined.' } } },
      },
      '/dash/account/1?plan=PRY',
    );
    await screen.findByRole('list', { name: 'Plans' });
    expect(within(plan('Free')).getByText('Current plan')).toBeTruthy();
    expect(within(plan('Pro')).getByRole('button', { name: 'Get 7-day trial' }).getAttribute('aria-pressed')).toBe('true');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1240');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Start 7-day trial' }));
    await waitFor(() => expect(screen.getByText('Your card was declined.')).toBeTruthy());
    expect(gateway.callsTo('POST /api/v1/billing/checkout')[0]?.body).toMatchObject({ planCode: 'PRY', card: { number: '4000 0000 0000 0002' } });
    expect(gateway.callsTo('POST /api/v1/auth/refresh')).toHaveLength(0);
  });
});
