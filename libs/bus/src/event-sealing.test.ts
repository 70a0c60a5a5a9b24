import { describe, expect, it } from 'vitest';
import { createEventSealer, SEALED_FIELDS_HEADER } from './event-sealing';

const headers = { [SEALED_FIELDS_HEADER]: 'code' };
const OLD = 'the-old-event-seal-key-of-at-least-32-chars';
const NEW = 'the-new-event-seal-key-of-at-least-32-chars';

describe('event seal key rotation', () => {
  it('when the previous key is configured, then a field sealed with it opens, and new fields are sealed with the new key only', () => {
    const sealedOld = createEventSealer(OLD).seal({ code: '13579' }, headers);
    const switching = createEventSealer(NEW, { previous: OLD });
    expect(switching.open(sealedOld, headers)).toEqual({ code: '13579' });

    const sealedNew = switching.seal({ code: '24680' }, headers);
    expect(createEventSealer(NEW).open(sealedNew, headers)).toEqual({ code: '24680' });
    expect(() => createEventSealer(OLD).open(sealedNew, headers)).toThrow('opens with neither');
  });

  it('when the previous key is dropped, then a field sealed with it is refused', () => {
    const sealedOld = createEventSealer(OLD).seal({ code: '13579' }, headers);
    expect(() => createEventSealer(NEW).open(sealedOld, headers)).toThrow('the sealed field code opens with neither EVENT_SEAL_KEY nor EVENT_SEAL_KEY_PREVIOUS');
  });

  it('when the previous key is too short, then the sealer refuses to start, naming it', () => {
    expect(() => createEventSealer(NEW, { previous: 'short' })).toThrow('EVENT_SEAL_KEY_PREVIOUS must be at least 32 characters');
  });
});
