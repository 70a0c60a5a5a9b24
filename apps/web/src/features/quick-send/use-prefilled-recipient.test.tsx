import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../app/session.slice';
import { createStore } from '../../app/store';
import { renderWithApp } from '../../test/render';
import { userFixture } from '../auth/testing/gateway-stub';
import { stubGateway } from '../download/stub-gateway';
import { QuickSendPanel } from './QuickSendPanel';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

const TRANSFER_ID = 'b7c1d2e3-4444-4555-8666-777788889999';
const LINK = 'http://localhost:3000/t/Qs12345';
const grant = (name: string, size: number) => ({
  fileId: 'file-1', name, size, region: 'oss-cn-hongkong', key: `u/x/Qs12345/${name}`, uploadToken: 'token-1',
  single: { method: 'PUT', url: `http://storage.test/o/bucket/${name}?sig=1`, headers: {}, expiresAt: new Date(Date.now() + 3600_000).toISOString() },
});

function renderAt(route: string) {
  stubGateway({
    'GET /api/v1/contacts': { status: 200, body: { items: [], total: 0 } },
    'POST /api/v1/transfers': { status: 201, body: { id: TRANSFER_ID, slug: 'Qs12345', url: LINK, status: 'uploading', uploads: [grant('report.pdf', 17)], dropped: [], contacts: [] } },
    'PUT /o/bucket/report.pdf': { status: 200, headers: { etag: '"r"' } },
    [`POST /api/v1/transfers/${TRANSFER_ID}/complete`]: { status: 200, body: { slug: 'Qs12345', url: LINK } },
  });
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture({ role: 'pro' }) }));
  renderWithApp(
    <>
      <QuickSendPanel />
      <Where />
      <Link to="/dash?to=buyer%40gulf.example">contacts: send files</Link>
    </>,
    { store, route },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('quick send prefilled from ?to=', () => {
  it('when /dash opens with ?to=an address, then quick send is in email mode with that recipient and the parameter leaves the URL', async () => {
    renderAt('/dash?to=Li%40Factory.example&tab=x');
    const recipients = await screen.findByRole('list', { name: 'Recipients' });
    expect(within(recipients).getByText('li@factory.example')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('button', { name: 'Transfer' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByLabelText('where').textContent).toBe('/dash?tab=x');
  });

  it('when ?to= is not an address, then no recipient is added, the send stays a link and the parameter is dropped', async () => {
    renderAt('/dash?to=not-an-address');
    expect(await screen.findByRole('button', { name: 'Get Link' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('list', { name: 'Recipients' })).toBeNull();
    expect(screen.getByLabelText('where').textContent).toBe('/dash');
  });

  it('when a finished send is shown and ?to= arrives, then a blank form opens with that recipient', async () => {
    renderAt('/dash');
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId('qs-files'), new File(['quarterly numbers'], 'report.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Get Link' }));
    expect(await screen.findByRole('heading', { name: "You're all done!" })).toBeInstanceOf(HTMLElement);

    await user.click(screen.getByRole('link', { name: 'contacts: send files' }));
    const recipients = await screen.findByRole('list', { name: 'Recipients' });
    expect(within(recipients).getByText('buyer@gulf.example')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByText('report.pdf')).toBeNull();
    expect(screen.queryByRole('heading', { name: "You're all done!" })).toBeNull();
    expect(screen.getByLabelText('where').textContent).toBe('/dash');
  });
});
