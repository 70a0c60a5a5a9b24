import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TContact } from '@ferry/contracts';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../app/session.slice';
import { createStore } from '../../../app/store';
import { renderWithApp } from '../../../test/render';
import { userFixture } from '../../auth/testing/gateway-stub';
import { stubGateway, type StubCall } from '../../download/stub-gateway';
import ContactsPage from './ContactsPage';

const contacts: TContact[] = [
  { email: 'amira@dubai.example', name: 'Amira Haddad', company: 'Gulf Trading', lastSent: Date.UTC(2026, 10, 24, 9) },
  { email: 'li@factory.example', name: null, company: null, lastSent: null },
];

function DashHome() {
  const { search } = useLocation();
  return <h1>Home {search}</h1>;
}

function renderContacts(answer: (call: StubCall) => { items: TContact[]; total: number }) {
  const gateway = stubGateway({ 'GET /api/v1/contacts': (call) => ({ status: 200, body: answer(call) }) });
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture({}) }));
  renderWithApp(
    <Routes>
      <Route path="/dash/contacts" element={<ContactsPage />} />
      <Route path="/dash" element={<DashHome />} />
    </Routes>,
    { store, route: '/dash/contacts' },
  );
  return { gateway, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ContactsPage', () => {
  it('lists name, email, company and last sent; a missing value is a dash', async () => {
    renderContacts(() => ({ items: contacts, total: 2 }));
    const table = await screen.findByRole('table', { name: 'Your contacts' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Amira Haddad')).toBeInstanceOf(HTMLElement);
    expect(within(first!).getByText('amira@dubai.example')).toBeInstanceOf(HTMLElement);
    expect(within(first!).getByText('Gulf Trading')).toBeInstanceOf(HTMLElement);
    expect(within(first!).getByText(/Nov 24, 2026/)).toBeInstanceOf(HTMLElement);
    expect(within(second!).getAllByText('—')).toHaveLength(3);
    expect(screen.getByText('2 contacts')).toBeInstanceOf(HTMLElement);
  });

  it('searches on the server as the user types, and says when nothing matches', async () => {
    const { gateway, user } = renderContacts((call) => {
      const search = call.url.searchParams.get('search');
      return search === 'gulf' ? { items: [contacts[0]!], total: 1 } : search ? { items: [], total: 0 } : { items: contacts, total: 2 };
    });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search contacts'), 'gulf');
    await vi.waitFor(() => expect(screen.getByText('1 contact')).toBeInstanceOf(HTMLElement));
    expect(screen.queryByText('li@factory.example')).toBeNull();
    expect(gateway.calls.at(-1)?.url.search).toBe('?search=gulf&skip=0&limit=50');

    await user.clear(screen.getByLabelText('Search contacts'));
    await user.type(screen.getByLabelText('Search contacts'), 'nobody');
    expect(await screen.findByText('No contact matches “nobody”.')).toBeInstanceOf(HTMLElement);
  });

  it('when there are no contacts, then the empty state explains where they come from', async () => {
    renderContacts(() => ({ items: [], total: 0 }));
    expect(await screen.findByText('No contacts yet. Everyone you send files to by email is added here.')).toBeInstanceOf(HTMLElement);
  });

  it('one click on "Send files" opens quick send on /dash with the address as ?to=', async () => {
    const { user } = renderContacts(() => ({ items: contacts, total: 2 }));
    await user.click(await screen.findByRole('button', { name: 'Send files to li@factory.example' }));
    expect(await screen.findByRole('heading', { name: 'Home ?to=li%40factory.example' })).toBeInstanceOf(HTMLElement);
  });

  it('pages through more than 50 contacts', async () => {
    const { gateway, user } = renderContacts(() => ({ items: contacts, total: 120 }));
    expect(await screen.findByText('Page 1 of 3')).toBeInstanceOf(HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInstanceOf(HTMLElement);
    expect(gateway.calls.at(-1)?.url.search).toBe('?skip=50&limit=50');
  });
});
