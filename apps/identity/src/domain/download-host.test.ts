import { describe, expect, it } from 'vitest';
import { afterLookup } from './download-host';
import type { DownloadHostRecord } from './identity.ports';

const NOW = new Date('2026-12-01T00:00:00Z');
const EARLIER = new Date('2026-11-01T00:00:00Z');
const TARGET = 'cname.ferry.example';
const pending: DownloadHostRecord = { companyId: 'c1', host: 'files.acme.com', status: 'pending', problem: null, found: null, checkedAt: null, verifiedAt: null };
const verified: DownloadHostRecord = { ...pending, status: 'verified', verifiedAt: EARLIER, checkedAt: EARLIER };

describe('download host after a DNS lookup', () => {
  it('when the CNAME points to the target, then verified; a host verified before keeps its first verification time', () => {
    expect(afterLookup(pending, { kind: 'found', targets: [TARGET] }, TARGET, NOW)).toMatchObject({ status: 'verified', problem: null, verifiedAt: NOW, checkedAt: NOW });
    expect(afterLookup(verified, { kind: 'found', targets: [TARGET] }, TARGET, NOW)).toMatchObject({ status: 'verified', verifiedAt: EARLIER, checkedAt: NOW });
  });

  it('when there is no CNAME or one to another name, then pending with why, even for a host verified before', () => {
    expect(afterLookup(pending, { kind: 'none' }, TARGET, NOW)).toMatchObject({ status: 'pending', problem: 'NO_CNAME', found: null });
    expect(afterLookup(verified, { kind: 'found', targets: ['other.example'] }, TARGET, NOW)).toMatchObject({ status: 'pending', problem: 'WRONG_TARGET', found: 'other.example', verifiedAt: null });
  });

  it('when the lookup does not answer, then a verified host stays verified, and a pending one says the lookup failed', () => {
    expect(afterLookup(verified, { kind: 'failed' }, TARGET, NOW)).toMatchObject({ status: 'verified', problem: null, verifiedAt: EARLIER, checkedAt: NOW });
    expect(afterLookup(pending, { kind: 'failed' }, TARGET, NOW)).toMatchObject({ status: 'pending', problem: 'LOOKUP_FAILED' });
  });
});
