import { describe, expect, it } from 'vitest';
import { NAMESPACES, RESOURCES } from './resources';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it.each(NAMESPACES)('namespace %s has the same keys in English and Chinese', (ns) => {
    expect(keys(RESOURCES.zh[ns]).sort()).toEqual(keys(RESOURCES.en[ns]).sort());
  });

  it.each(NAMESPACES)('namespace %s has no empty Chinese text', (ns) => {
    const flat = (v: unknown): string[] => (typeof v === 'string' ? [v] : typeof v === 'object' && v ? Object.values(v).flatMap(flat) : []);
    expect(flat(RESOURCES.zh[ns]).filter((s) => s.trim() === '')).toEqual([]);
  });
});
