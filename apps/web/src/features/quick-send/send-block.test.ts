import type { TUsage } from '@ferry/contracts';
import { describe, expect, it } from 'vitest';
import { sendBlockOf } from './send-block';

const usage = (over: Partial<TUsage> = {}): TUsage => ({
  role: 'free',
  region: 'oss-cn-hongkong',
  transfersThisMonth: 3,
  monthlyCap: 10,
  storage: { usedBytes: 1, limitBytes: 10, used: '1 B', limit: '10 B', state: 'ok' },
  blocked: null,
  ...over,
});
const FULL = { usedBytes: 10, limitBytes: 10, used: '10 B', limit: '10 B', state: 'full' } as const;
const MONTHLY = { reason: 'monthlyLimit', title: 't', message: 'm', action: { label: 'Upgrade your plan', kind: 'upgrade' } } as const;

describe('sendBlockOf', () => {
  it('when the server says storage is full, then the storage-full screen', () => {
    expect(sendBlockOf(usage({ storage: FULL, blocked: { ...MONTHLY, reason: 'storageFull' } }), 'active', { isAddingFiles: false })).toBe('storageFull');
  });

  it('when storage is full but the server names no block yet, then storage still blocks', () => {
    expect(sendBlockOf(usage({ storage: FULL }), 'active', { isAddingFiles: false })).toBe('storageFull');
  });

  it('when storage is almost full, then sending goes on', () => {
    expect(sendBlockOf(usage({ storage: { ...FULL, usedBytes: 9, state: 'almostFull' } }), 'active', { isAddingFiles: false })).toBeNull();
  });

  it('when a free account reached its monthly cap, then a new transfer is blocked but adding files is not', () => {
    expect(sendBlockOf(usage({ blocked: MONTHLY }), 'active', { isAddingFiles: false })).toBe('MONTHLY_LIMIT_REACHED');
    expect(sendBlockOf(usage({ blocked: MONTHLY }), 'active', { isAddingFiles: true })).toBeNull();
  });

  it('when the usage is not known yet, then the session status decides', () => {
    expect(sendBlockOf(undefined, 'revoke', { isAddingFiles: false })).toBe('suspended');
    expect(sendBlockOf(undefined, 'active', { isAddingFiles: false })).toBeNull();
  });
});
