import { describe, expect, it } from 'vitest';
import { firstNameOf, formatHeaderName, initialsOf, shouldShowUpgrade } from './header-rules';

describe('formatHeaderName', () => {
  it('upper-cases a name of up to 6 characters and keeps it whole', () => {
    expect(formatHeaderName('Ann')).toBe('ANN');
    expect(formatHeaderName('robert')).toBe('ROBERT');
  });

  it('cuts a name longer than 6 characters to 5 plus two dots', () => {
    expect(formatHeaderName('Roberta')).toBe('ROBER..');
    expect(formatHeaderName('Alexander')).toBe('ALEXA..');
  });

  it('counts characters, not UTF-16 units, and trims spaces', () => {
    expect(formatHeaderName('  欧阳娜娜  ')).toBe('欧阳娜娜');
    expect(formatHeaderName('𝒜bcdefg')).toBe('𝒜BCDE..');
  });
});

describe('firstNameOf', () => {
  const base = { greetingName: null, fullName: null, email: 'mei.lin@example.com' };

  it('prefers the greeting name, then the first word of the full name, then the email', () => {
    expect(firstNameOf({ ...base, greetingName: 'Mei', fullName: 'Lin Mei' })).toBe('Mei');
    expect(firstNameOf({ ...base, fullName: 'Alexander  Hamilton' })).toBe('Alexander');
    expect(firstNameOf(base)).toBe('mei.lin');
  });
});

describe('initialsOf', () => {
  it('takes the first and last word of the full name, else the first letter of the first name', () => {
    expect(initialsOf({ greetingName: null, fullName: 'ada de lovelace', email: 'a@x.io' })).toBe('AL');
    expect(initialsOf({ greetingName: null, fullName: null, email: 'zoe@x.io' })).toBe('Z');
  });
});

describe('shouldShowUpgrade', () => {
  it('shows for a free user on a wide screen from the second login', () => {
    expect(shouldShowUpgrade({ role: 'Free', loginCount: 2 }, { isSmallScreen: false })).toBe(true);
    expect(shouldShowUpgrade({ role: 'free', loginCount: 9 }, { isSmallScreen: false })).toBe(true);
  });

  it('hides on the first login, on small screens and for paid roles', () => {
    expect(shouldShowUpgrade({ role: 'Free', loginCount: 1 }, { isSmallScreen: false })).toBe(false);
    expect(shouldShowUpgrade({ role: 'Free', loginCount: 5 }, { isSmallScreen: true })).toBe(false);
    expect(shouldShowUpgrade({ role: 'PRM', loginCount: 5 }, { isSmallScreen: false })).toBe(false);
  });
});
