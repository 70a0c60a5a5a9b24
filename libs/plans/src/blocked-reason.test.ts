import { describe, expect, it } from 'vitest';
import { blockedNotice, blockedReason } from './blocked-reason';

describe('blockedReason', () => {
  it('when a new account is unpaid with nothing else wrong, then nothing blocks it', () => {
    expect(blockedReason({ status: 'unpaid', storageState: 'almostFull' })).toBeNull();
  });

  it.each(['past_due', 'unpaid'])('when the subscription is %s, then the trial has expired', (subscriptionStatus) => {
    expect(blockedReason({ status: 'active', subscriptionStatus, storageState: 'ok' })).toBe('trialExpired');
  });

  it('when the user status itself is past_due, then the trial has expired', () => {
    expect(blockedReason({ status: 'past_due', storageState: 'ok' })).toBe('trialExpired');
  });

  it('when storage is full, then storageFull', () => {
    expect(blockedReason({ status: 'active', subscriptionStatus: 'active', storageState: 'full' })).toBe('storageFull');
  });

  it('when the status is revoke, then suspended wins over everything else', () => {
    expect(blockedReason({ status: 'revoke', subscriptionStatus: 'past_due', storageState: 'full' })).toBe('suspended');
  });

  it('when the status is canceled, then the subscription is over', () => {
    expect(blockedReason({ status: 'canceled', subscriptionStatus: null, storageState: 'full' })).toBe('subscriptionOver');
  });
});

describe('blockedNotice', () => {
  it('when the trial expired, then the product title is used', () => {
    expect(blockedNotice('trialExpired', 'PRM')).toMatchObject({
      title: 'Your trial has expired',
      action: { label: 'Upgrade your plan', kind: 'upgrade' },
    });
  });

  it('when storage is full, then the message names the plan allowance', () => {
    const notice = blockedNotice('storageFull', 'PRM');
    expect(notice.title).toBe('Your storage is now full');
    expect(notice.message).toBe('Your pro plan includes 200 GB of storage.');
  });

  it('when suspended, then the action is to contact support', () => {
    expect(blockedNotice('suspended', 'free').action.kind).toBe('contactSupport');
  });
});
