import { describe, expect, it } from 'vitest';
import { userFixture } from '../auth/testing/gateway-stub';
import { greetingNameOf } from './home/DashHomePage';

describe('the dashboard greeting', () => {
  it('uses the greeting name, else the first name, else the name part of the email', () => {
    expect(greetingNameOf(userFixture({ greetingName: 'Countess', fullName: 'Ada Lovelace' }))).toBe('Countess');
    expect(greetingNameOf(userFixture({ greetingName: null, fullName: '  Ada  Lovelace ' }))).toBe('Ada');
    expect(greetingNameOf(userFixture({ greetingName: null, fullName: null, email: 'ada.l@example.com' }))).toBe('ada.l');
  });
});
