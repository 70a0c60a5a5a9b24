import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TUser } from '@ferry/contracts';
import { signedIn, signedOut } from '../app/session.slice';
import { renderWithApp } from '../test/render';
import { Header } from './Header';

function aUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 'u_1',
    email: 'alexander@harbour-trading.example',
    fullName: 'Alexander Wong',
    greetingName: null,
    company: 'Harbour Trading Ltd',
    profilePic: null,
    region: 'oss-cn-hongkong',
    role: 'Free',
    plan: 'Free',
    status: 'active',
    lang: 'en',
    loginCount: 1,
    isTeamMember: false,
    parentAdmin: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

describe('Header', () => {
  // The signed-in parts are a lazy chunk: compiled once here, so that no test waits on the transform.
  beforeAll(async () => {
    await import('./HeaderSignedIn');
  });

  it('when anonymous, then it shows Log in and a home link to /', () => {
    const { store } = renderWithApp(<Header />);
    act(() => {
      store.dispatch(signedOut());
    });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Ferry home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Dash' })).toBeNull();
  });

  it("when the page is on a company's download host, then Log in, Try free, Pricing and the logo link to Ferry's own origin", () => {
    const meta = document.createElement('meta');
    meta.name = 'ferry-home';
    meta.content = 'https://ferry.example';
    document.head.append(meta);
    try {
      const { store } = renderWithApp(<Header />);
      act(() => {
        store.dispatch(signedOut());
      });
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('https://ferry.example/login');
      expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('https://ferry.example/pricing');
      expect(screen.getByRole('link', { name: 'Ferry home page' }).getAttribute('href')).toBe('https://ferry.example/');
    } finally {
      meta.remove();
    }
  });

  it('when signed in, then it shows the company and the upper-cased first name cut to 5 plus ".."', async () => {
    const { store } = renderWithApp(<Header />);
    act(() => {
      store.dispatch(signedIn({ accessToken: 'token', user: aUser() }));
    });
    expect(await screen.findByText('ALEXA..')).toBeTruthy();
    expect(screen.getByText('Harbour Trading Ltd')).toBeTruthy();
    expect(screen.getByText('AW')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Dash' }).getAttribute('href')).toBe('/dash');
    expect(screen.getByRole('link', { name: 'Ferry: back to your dashboard' }).getAttribute('href')).toBe('/dash');
  });

  it('when a free user logs in the second time, then the Upgrade box links to account tab 1; a paid user never sees it', async () => {
    const { store } = renderWithApp(<Header />);
    act(() => {
      store.dispatch(signedIn({ accessToken: 'token', user: aUser({ loginCount: 2 }) }));
    });
    expect((await screen.findByRole('link', { name: /Upgrade/ })).getAttribute('href')).toBe('/dash/account/1');
    act(() => {
      store.dispatch(signedIn({ accessToken: 'token', user: aUser({ loginCount: 2, role: 'PRM' }) }));
    });
    expect(screen.queryByRole('link', { name: /Upgrade/ })).toBeNull();
  });

  it('the account dropdown opens from the keyboard with My Account and Logout, and Escape closes it', async () => {
    const user = userEvent.setup();
    const { store } = renderWithApp(<Header />);
    act(() => {
      store.dispatch(signedIn({ accessToken: 'token', user: aUser({ greetingName: 'Mei' }) }));
    });
    const trigger = await screen.findByRole('button', { name: 'Account menu for MEI' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/dash/account/profile');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('the Features dropdown lists the four feature pages', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header />);
    await user.click(screen.getByRole('button', { name: 'Features' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/product/document-receipts',
      '/product/supplier-document-tracking',
      '/product/attachments-organized',
      '/product/business-intelligence',
      '/pricing',
    ]);
  });

  it('the mobile menu toggle reveals About, Login and Try free', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    expect(within(menu).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(menu).getByRole('link', { name: 'Try free' }).getAttribute('href')).toBe('/pricing?plan=free');
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
  });
});
