import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { BlockedView } from './QuickSendViews';

describe('free-limit screen actions', () => {
  it('an expired trial or failed payment leads to the billing tab to add a card', () => {
    renderWithApp(<BlockedView reason="trialExpired" role="Free" />);
    expect(screen.getByRole('heading', { name: 'Your trial has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a card' }).getAttribute('href')).toBe('/dash/account/billing');
  });

  it.each(['subscriptionOver', 'storageFull', 'MONTHLY_LIMIT_REACHED'])('%s leads to the plan tab', (reason) => {
    renderWithApp(<BlockedView reason={reason} role="PRM" />);
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/dash/account/1');
  });

  it('reads Chinese in Chinese', () => {
    renderWithApp(<BlockedView reason="trialExpired" role="Free" />, { lang: 'zh' });
    expect(screen.getByRole('link', { name: '添加银行卡' })).toBeTruthy();
  });
});
