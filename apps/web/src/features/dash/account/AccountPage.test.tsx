import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../app/store';
import { signedIn } from '../../../app/session.slice';
import { renderWithApp } from '../../../test/render';
import { userFixture } from '../../auth/testing/gateway-stub';
import { stubGateway } from '../../download/stub-gateway';
import AccountPage from './AccountPage';

function renderAt(tab: string, user = userFixture({ fullName: 'Ada Lovelace', region: 'oss-cn-hongkong' })) {
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user }));
  return renderWithApp(<AccountPage />, { route: `/dash/account/${tab}`, path: '/dash/account/:tab', store });
}

afterEach(() => vi.unstubAllGlobals());

describe('AccountPage', () => {
  it('saves the profile with PATCH /me and keeps the answer in the session', async () => {
    const gateway = stubGateway({ 'PATCH /api/v1/me': (call) => ({ status: 200, body: userFixture({ ...(call.body as object), region: 'oss-cn-hongkong' }) }) });
    const { store } = renderAt('profile');
    const company = screen.getByLabelText('Company');
    await userEvent.clear(company);
    await userEvent.type(company, 'Acme Trading');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.callsTo('PATCH /api/v1/me')).toHaveLength(1));
    expect(gateway.callsTo('PATCH /api/v1/me')[0]?.body).toMatchObject({ fullName: 'Ada Lovelace', company: 'Acme Trading', lang: 'en' });
    await waitFor(() => expect(store.getState().session.user?.company).toBe('Acme Trading'));
  });

  it('saves the storage region chosen on the data-residency tab', async () => {
    const gateway = stubGateway({ 'PATCH /api/v1/me': () => ({ status: 200, body: userFixture({ region: 'oss-eu-central-1' }) }) });
    renderAt('data-residency');
    await userEvent.selectOptions(screen.getByLabelText('Storage location'), 'oss-eu-central-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gateway.callsTo('PATCH /api/v1/me')[0]?.body).toEqual({ region: 'oss-eu-central-1' }));
  });

  it('hides Domain, Teams and Billing from a team member', () => {
    renderAt('profile', userFixture({ isTeamMember: true }));
    expect(screen.queryByRole('link', { name: 'Domain' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Teams' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Billing' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Data residency' })).toBeTruthy();
  });

  it('answers an unknown tab with the not-found page', () => {
    renderAt('dns');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByText("This could be our fault, but that page isn't here.")).toBeTruthy();
  });
});

describe('AccountPage settings and data residency', () => {
  it('when the settings tab saves, then PATCH /me/settings carries the chosen defaults and switches', async () => {
    const saved = {
      transferSettings: { expirySeconds: 604800, passwordOn: false, mailOnDownload: true, remindRecipients: false },
      requestSettings: { expiryDays: null, mailOnArrival: true },
    };
    const gateway = stubGateway({
      'GET /api/v1/me/settings': { status: 200, body: saved },
      'PATCH /api/v1/me/settings': (call) => ({ status: 200, body: call.body }),
    });
    renderAt('settings', userFixture({ role: 'PRM', plan: 'PRM' }));
    await userEvent.selectOptions(await screen.findByLabelText('Default expiry'), '1 Month');
    await userEvent.click(screen.getByLabelText('Mail me when a recipient downloads'));
    await userEvent.click(screen.getByLabelText('Password on by default'));
    await userEvent.selectOptions(screen.getByLabelText('Default link open for'), '30 days');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(gateway.callsTo('PATCH /api/v1/me/settings')).toHaveLength(1));
    expect(gateway.callsTo('PATCH /api/v1/me/settings')[0]?.body).toEqual({
      transferSettings: { expirySeconds: 2629746, passwordOn: true, mailOnDownload: false, remindRecipients: false },
      requestSettings: { expiryDays: 30, mailOnArrival: true },
    });
  });

  it('when a free account opens the settings, then only 1 Week can be the default expiry', async () => {
    stubGateway({
      'GET /api/v1/me/settings': {
        status: 200,
        body: { transferSettings: { expirySeconds: 604800, passwordOn: false, mailOnDownload: true, remindRecipients: false }, requestSettings: { expiryDays: null, mailOnArrival: true } },
      },
    });
    renderAt('settings', userFixture({ role: 'free', plan: 'Free' }));
    const month = within(await screen.findByLabelText('Default expiry')).getByRole<HTMLOptionElement>('option', { name: '1 Month' });
    expect(month.disabled).toBe(true);
  });

  it('when the regions answer, then each region gets speed bars from its timed HEAD', async () => {
    const regions = ['oss-cn-hongkong', 'oss-cn-hangzhou', 'oss-cn-guangzhou', 'oss-eu-central-1', 'oss-me-east-1', 'oss-us-west-1'].map((id) => ({
      id,
      isDefault: id === 'oss-cn-hongkong',
      speedTestUrl: `http://ferry.test/o/${id}/speedtest/128kb.txt`,
    }));
    stubGateway({ 'GET /api/v1/regions': { status: 200, body: { regions } } });
    renderAt('data-residency');
    expect(screen.getByLabelText<HTMLSelectElement>('Storage location').required).toBe(true);
    const frankfurt = await screen.findByText('Frankfurt');
    await waitFor(() => expect(within(frankfurt.closest('li') as HTMLElement).getByRole('img').getAttribute('aria-label')).toMatch(/of 5 bars/));
  });
});
