import { describe, expect, it } from 'vitest';
import type { TTransferFile } from '@ferry/contracts';
import { downloadCountries, fileEntries, placeOf, recipientsWithDownloads, rowState } from './transfer-rules';

const file = (name: string, path: string | null = null): TTransferFile => ({ id: `${path ?? ''}/${name}`, name, path, size: 10, kind: 'file', contentType: null });
const names = (entries: ReturnType<typeof fileEntries>) => entries.map((e) => (e.type === 'folder' ? `${e.name}/` : e.file.name));

describe('the transfer rules of the dashboard', () => {
  it('when a link is restricted, then it shows restricted whatever its date; else active or expired', () => {
    expect(rowState({ restricted: true, state: 'active' })).toBe('restricted');
    expect(rowState({ restricted: true, state: 'expired' })).toBe('restricted');
    expect(rowState({ restricted: false, state: 'expired' })).toBe('expired');
    expect(rowState({ restricted: false, state: 'active' })).toBe('active');
  });

  const files = [file('b.pdf'), file('spec.docx', 'Designs/2026'), file('a.pdf'), file('logo.png', 'Brand'), file('c.txt')];

  it('when files are listed by default, then folders come first and each group is by name, descending', () => {
    const entries = fileEntries(files, { descending: true, foldersFirst: true });
    expect(names(entries)).toEqual(['Designs/', 'Brand/', 'c.txt', 'b.pdf', 'a.pdf']);
  });

  it('when folders are placed after files and the order is ascending, then loose files lead from A', () => {
    expect(names(fileEntries(files, { descending: false, foldersFirst: false }))).toEqual(['a.pdf', 'b.pdf', 'c.txt', 'Brand/', 'Designs/']);
  });

  it('when a folder has nested folders, then it is one entry by its top folder with every file and their size', () => {
    const entries = fileEntries([file('x.txt', 'Designs/2026'), file('y.txt', 'Designs')], { descending: true, foldersFirst: true });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'folder', name: 'Designs', size: 20 });
  });

  it('when recipients downloaded, then each is marked by address whatever its case', () => {
    const log = [{ receiverEmail: 'Buyer@Example.com' }, { receiverEmail: null }] as Parameters<typeof recipientsWithDownloads>[0]['downloadLog'];
    const result = recipientsWithDownloads({ emailTo: [{ email: 'buyer@example.com' }, { email: 'other@example.com', name: 'Omar' }], downloadLog: log });
    expect(result).toEqual([
      { email: 'buyer@example.com', hasDownloaded: true },
      { email: 'other@example.com', name: 'Omar', hasDownloaded: false },
    ]);
  });

  it("when downloads came from several places, then each country's flag shows once, newest first, unknown left out", () => {
    const downloads = [
      { country_name: 'Germany', countryCode: 'DE', dlDate: '2026-11-20T08:00:00Z' },
      { country_name: 'United Arab Emirates', countryCode: 'ae', dlDate: '2026-11-21T08:00:00Z' },
      { country_name: 'Germany', countryCode: 'DE', dlDate: '2026-11-22T08:00:00Z' },
      { country_name: '', countryCode: 'unknown', dlDate: '2026-11-23T08:00:00Z' },
    ];
    expect(downloadCountries(downloads)).toEqual([
      { code: 'DE', name: 'Germany' },
      { code: 'AE', name: 'United Arab Emirates' },
    ]);
  });

  it("when the geolocation knew a download's city, country or neither, then the place says what it knew", () => {
    expect(placeOf({ city: 'Dubai', country_name: 'United Arab Emirates' })).toEqual({ place: 'Dubai, United Arab Emirates', country: 'United Arab Emirates' });
    expect(placeOf({ city: 'unknown', country_name: 'China' })).toEqual({ place: 'China', country: 'China' });
    expect(placeOf({ city: 'unknown', country_name: 'unknown' })).toEqual({ place: '', country: '' });
  });
});
