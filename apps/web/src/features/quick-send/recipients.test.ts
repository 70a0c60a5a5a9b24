import { describe, expect, it } from 'vitest';
import { addRecipients, isValidEmail, splitAddresses } from './recipients';

describe('recipient chips', () => {
  it('lower-cases and trims what is typed', () => {
    expect(addRecipients([], '  Ann@Example.COM ').chips).toEqual([{ email: 'ann@example.com' }]);
  });

  it('adds each valid address of a semicolon-separated paste and hands back the invalid ones', () => {
    const result = addRecipients([], 'a@x.com; b@y.org;not-an-email; c@z.net');
    expect(result.chips.map((c) => c.email)).toEqual(['a@x.com', 'b@y.org', 'c@z.net']);
    expect(result.invalid).toEqual(['not-an-email']);
  });

  it('ignores duplicates case-insensitively, already in the list or within the paste', () => {
    const first = addRecipients([], 'ann@example.com');
    const second = addRecipients(first.chips, 'ANN@example.com, bob@example.com, Bob@Example.com');
    expect(second.chips.map((c) => c.email)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(second.duplicates).toEqual(['ann@example.com', 'bob@example.com']);
  });

  it('brings the name and company of a contact with the same address', () => {
    const contacts = [{ email: 'Li.Wei@Factory.cn', name: 'Li Wei', company: 'Shenzhen Factory' }];
    expect(addRecipients([], 'li.wei@factory.cn', contacts).chips).toEqual([{ email: 'li.wei@factory.cn', name: 'Li Wei', company: 'Shenzhen Factory' }]);
  });

  it('splits on commas, semicolons and spaces', () => {
    expect(splitAddresses('a@x.com,b@x.com;c@x.com d@x.com')).toEqual(['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com']);
  });

  it('rejects what is not an address', () => {
    expect(isValidEmail('ann@example')).toBe(false);
    expect(isValidEmail('ann example.com')).toBe(false);
    expect(isValidEmail('ann@example.com')).toBe(true);
  });
});
