import { describe, expect, it } from 'vitest';
import { listEntries, mergeFiles, removeEntry, toSelected } from './selected-files';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('selected files', () => {
  it('keeps the folder of a file picked with a folder', () => {
    expect(toSelected(file('a.pdf'), 'invoices/2026/a.pdf')).toMatchObject({ key: 'invoices/2026/a.pdf', folder: 'invoices/2026' });
    expect(toSelected(file('a.pdf'))).toMatchObject({ key: 'a.pdf', folder: undefined });
  });

  it('drops duplicates: the same relative path, or the same name without a path', () => {
    const first = mergeFiles([], [toSelected(file('a.pdf')), toSelected(file('b.pdf'), 'docs/b.pdf')]);
    const second = mergeFiles(first.files, [toSelected(file('a.pdf')), toSelected(file('b.pdf'), 'docs/b.pdf'), toSelected(file('b.pdf'))]);
    expect(second.files.map((f) => f.key)).toEqual(['a.pdf', 'docs/b.pdf', 'b.pdf']);
    expect(second.duplicates).toBe(2);
  });

  it('lists a folder once with its size and count, and removes it whole', () => {
    const files = [toSelected(file('a.pdf', 5)), toSelected(file('x.png', 7), 'photos/x.png'), toSelected(file('y.png', 8), 'photos/2026/y.png')];
    expect(listEntries(files)).toEqual([
      { key: 'a.pdf', name: 'a.pdf', size: 5, isFolder: false, count: 1 },
      { key: 'photos/', name: 'photos', size: 15, isFolder: true, count: 2 },
    ]);
    expect(removeEntry(files, 'photos/').map((f) => f.key)).toEqual(['a.pdf']);
    expect(removeEntry(files, 'a.pdf').map((f) => f.key)).toEqual(['photos/x.png', 'photos/2026/y.png']);
  });
});
