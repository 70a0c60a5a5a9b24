import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TApiToken } from '@ferry/contracts';
import { signedIn } from '../../../app/session.slice';
import { createStore } from '../../../app/store';
import { renderWithApp } from '../../../test/render';
import { userFixture } from '../../auth/testing/gateway-stub';
import { stubGateway } from '../../download/stub-gateway';
import { ApiTokensSection } from './ApiTokensSection';

const TOKEN = `fy_pat_Ab3x${'k'.repeat(39)}`;
const deploy: TApiToken = {
  id: '6a0c5b1e-8f4c-4f55-9a51-0f2b8c1d2e3f', name: 'deploy', hint: 'fy_pat_Qw9z',
  createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null, expiresAt: '2099-01-30T10:00:00.000Z',
};

function renderSection() {
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture() }));
  return renderWithApp(<ApiTokensSection />, { store });
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiTokensSection', () => {
  it('creates a token with the name and expiry chosen, shows it once with the focus on it, and forgets it when done', async () => {
    let tokens: TApiToken[] = [];
    const gateway = stubGateway({
      'GET /api/v1/me/api-tokens': () => ({ status: 200, body: { tokens } }),
      'POST /api/v1/me/api-tokens': (call) => {
        const created = { ...deploy, id: 'b1', name: (call.body as { name: string }).name, hint: TOKEN.slice(0, 11) };
        tokens = [created, ...tokens];
        return { status: 201, body: { ...created, token: TOKEN } };
      },
    });
    renderSection();
    await screen.findByText('No tokens yet.');
    await userEvent.type(screen.getByLabelText('Token name'), '  nightly backup ');
    await userEvent.selectOptions(screen.getByLabelText('Expires after'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('region', { name: 'Token “nightly backup” created' });
    expect(gateway.callsTo('POST /api/v1/me/api-tokens')[0]?.body).toEqual({ name: 'nightly backup', expiresInDays: 30 });
    expect(within(shown).getByLabelText('Your new API token')).toHaveProperty('value', TOKEN);
    await waitFor(() => expect(document.activeElement).toBe(shown));
    expect(await screen.findByText('fy_pat_Ab3x…')).toBeTruthy();

    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('region', { name: /created/ })).toBeNull();
    expect(document.body.textContent).not.toContain(TOKEN);
  }, 30_000);

  it('asks for a name before anything is sent', async () => {
    const gateway = stubGateway({ 'GET /api/v1/me/api-tokens': { status: 200, body: { tokens: [] } } });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    expect(screen.getByRole('alert').textContent).toBe('Give the token a name');
    expect(gateway.callsTo('POST /api/v1/me/api-tokens')).toHaveLength(0);
  }, 30_000);

  it('lists a token with its dates, and revokes it only after Yes (No has the focus first)', async () => {
    let tokens = [deploy];
    const gateway = stubGateway({
      'GET /api/v1/me/api-tokens': () => ({ status: 200, body: { tokens } }),
      [`DELETE /api/v1/me/api-tokens/${deploy.id}`]: () => {
        tokens = [];
        return { status: 204 };
      },
    });
    renderSection();
    const row = (await screen.findByText('deploy')).closest('li') as HTMLElement;
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('Expires')).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke deploy' }));
    const question = await within(row).findByRole('alertdialog', { name: 'Revoke “deploy”?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'No, keep it' }));
    expect(gateway.callsTo(`DELETE /api/v1/me/api-tokens/${deploy.id}`)).toHaveLength(0);
    await userEvent.click(within(question).getByRole('button', { name: 'Yes, revoke' }));
    await screen.findByText('No tokens yet.');
    expect(gateway.callsTo(`DELETE /api/v1/me/api-tokens/${deploy.id}`)).toHaveLength(1);
  }, 30_000);
});
