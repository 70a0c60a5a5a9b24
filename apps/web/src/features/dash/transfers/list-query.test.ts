import { describe, expect, it } from 'vitest';
import { listQueryOf, pageCount, readListState, writeListState } from './list-query';

const read = (query: string) => readListState(new URLSearchParams(query));

describe('the transfers list state in the URL', () => {
  it('when the query is empty, then it is the All tab, newest first by last modified, page 1', () => {
    expect(read('')).toEqual({ tab: 'all', filter: null, q: '', sort: 'lastModified', descending: true, page: 1 });
    expect(listQueryOf(read(''))).toEqual({ filter: 'all', sort: '-lastModified', skip: 0, limit: 30 });
  });

  it('when a tab, search, sort and page are given, then the API is asked for that slice (30 a page)', () => {
    const state = read('tab=expired&q=%20invoice%20&sort=name&dir=asc&page=3');
    expect(listQueryOf(state)).toEqual({ filter: 'expired', sort: 'name', skip: 60, limit: 30, search: 'invoice' });
  });

  it('when the Unseen or Expiring filter is on, then it narrows the Active tab and the API gets that filter', () => {
    expect(read('filter=unseen&tab=expired')).toMatchObject({ tab: 'active', filter: 'unseen' });
    expect(listQueryOf(read('filter=expiring')).filter).toBe('expiring');
  });

  it('when values are unknown or malformed, then the defaults stand', () => {
    expect(read('tab=trash&filter=old&sort=size&page=-2')).toEqual(read(''));
    expect(read('page=1.5').page).toBe(1);
  });

  it('when a state is written, then the defaults are left out and reading it back gives the same state', () => {
    expect(writeListState(read('')).toString()).toBe('');
    const state = read('tab=shared&q=dubai&sort=name&dir=asc&page=2');
    expect(read(writeListState(state).toString())).toEqual(state);
  });

  it('when a tab holds 31 transfers, then it makes 2 pages (an empty tab still has 1)', () => {
    expect(pageCount(31)).toBe(2);
    expect(pageCount(30)).toBe(1);
    expect(pageCount(0)).toBe(1);
  });
});
