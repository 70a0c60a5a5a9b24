import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { gatewayError, stubGateway } from '../download/stub-gateway';
import ExtensionPage from './ExtensionPage';

const TOKEN = 'ext_Token-123';
const NEW_EXPIRY = Date.UTC(2026, 11, 8, 15, 4);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExtensionPage', () => {
  it('posts the token once and shows the new expiry date in the current language, with a link to My account', async () => {
    const gateway = stubGateway({ [`POST /api/v1/extensions/${TOKEN}`]: { status: 200, body: { expiryDate: NEW_EXPIRY } } });
    // StrictMode runs effects twice, as the app does in development: the one-time link is still posted once.
    renderWithApp(
      <StrictMode>
        <ExtensionPage />
      </StrictMode>,
      { route: `/extension/${TOKEN}`, path: '/extension/:id' },
    );

    expect(await screen.findByRole('heading', { name: 'Link Extended for 48 hours' })).toBeInstanceOf(HTMLElement);
    const expected = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(NEW_EXPIRY));
    expect(screen.getByText(`New expiry date : ${expected}`)).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/dash/account/profile');
    expect(gateway.calls).toHaveLength(1);
  });

  it('formats the date the Chinese way in Chinese', async () => {
    stubGateway({ [`POST /api/v1/extensions/${TOKEN}`]: { status: 200, body: { expiryDate: NEW_EXPIRY } } });
    renderWithApp(<ExtensionPage />, { route: `/extension/${TOKEN}`, path: '/extension/:id', lang: 'zh' });
    const expected = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(NEW_EXPIRY));
    expect(await screen.findByText(`新的过期时间：${expected}`)).toBeInstanceOf(HTMLElement);
  });

  it.each([
    [410, 'LINK_EXPIRED'],
    [404, 'NOT_FOUND'],
    [500, 'INTERNAL'],
  ])('when the gateway answers %i %s, then "Link expired / Nothing to see here"', async (status, code) => {
    stubGateway({ [`POST /api/v1/extensions/${TOKEN}`]: gatewayError(status, code) });
    renderWithApp(<ExtensionPage />, { route: `/extension/${TOKEN}`, path: '/extension/:id' });
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Nothing to see here')).toBeInstanceOf(HTMLElement);
  });
});
