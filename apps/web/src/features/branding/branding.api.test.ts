import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { signedIn } from '../../app/session.slice';
import { userFixture } from '../auth/testing/gateway-stub';
import { stubGateway } from '../download/stub-gateway';
import { brandingApi } from './branding.api';

const BRAND = { profilePic: null, logoPic: '/api/v1/public/pictures/00000000-0000-4000-8000-000000000001', backgroundPic: null, accentColor: null, hidePoweredBy: false, canCustomize: true, canHidePoweredBy: false, isEditable: true };

afterEach(() => vi.unstubAllGlobals());

describe('brandingApi', () => {
  it('fetching the brand remembers the logo once and settles (an upsert from the query itself would run it again for ever)', async () => {
    const gateway = stubGateway({ 'GET /api/v1/me/branding': () => ({ status: 200, body: BRAND }) });
    const store = createStore();
    store.dispatch(signedIn({ accessToken: 'token', user: userFixture({ company: 'Acme Trading' }) }));
    const remembered = vi.spyOn(Storage.prototype, 'setItem');
    await store.dispatch(brandingApi.endpoints.getBranding.initiate(undefined, { subscribe: false, forceRefetch: true }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gateway.callsTo('GET /api/v1/me/branding')).toHaveLength(1);
    expect(remembered.mock.calls.filter(([key]) => key === 'ferry.companyLogo')).toHaveLength(1);
    expect(window.localStorage.getItem('ferry.companyLogo')).toContain('/api/v1/public/pictures/');
  });
});
