import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors/app-error';
import { ERROR_STATUS } from './errors/error-codes';
import { parseOrThrow } from './errors/validation-error';
import { ZLoginBody, ZSignupBody, ZVerifyEmailCodeBody } from './identity/identity.schemas';
import { defineEvent } from './messaging/define-event';
import { defineRpc } from './messaging/define-rpc';

describe('AppError', () => {
  it('when it crosses a process boundary as JSON, then code, status, message and details survive', () => {
    const original = new AppError('EMAIL_TAKEN', { message: 'This email has been taken', details: { field: 'email' } });
    const rebuilt = AppError.fromJSON(JSON.parse(JSON.stringify(original.toJSON())));
    expect(rebuilt).toBeInstanceOf(AppError);
    expect([rebuilt.code, rebuilt.status, rebuilt.message, rebuilt.details]).toEqual(['EMAIL_TAKEN', 409, 'This email has been taken', { field: 'email' }]);
  });

  it('when a code is unknown on the receiving side, then it becomes INTERNAL rather than a made-up code', () => {
    expect(AppError.fromJSON({ code: 'SOMETHING_NEW', status: 418, message: 'x' }).code).toBe('INTERNAL');
  });

  it('when the catalogue is read, then the spec statuses hold', () => {
    expect([ERROR_STATUS.EMAIL_TAKEN, ERROR_STATUS.CODE_INCORRECT, ERROR_STATUS.TOO_MANY_ATTEMPTS, ERROR_STATUS.AUTH_FAILED]).toEqual([409, 403, 429, 401]);
  });
});

describe('validation', () => {
  it('when a field is wrong, then the error names it', () => {
    const error = (() => {
      try {
        parseOrThrow(ZSignupBody, { email: 'ada@example.com', password: '123' });
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(error?.code).toBe('VALIDATION_FAILED');
    expect(error?.message).toBe('password: Password has to be atleast 6 characters');
    expect(error?.details).toEqual({ field: 'password', where: 'body' });
  });

  it('when a body has an unknown field, then it is refused by name', () => {
    expect(() => parseOrThrow(ZLoginBody, { email: 'a@b.co', password: 'x', role: 'admin' })).toThrow('Unknown field: role');
  });

  it('when an email has spaces and capitals, then it is trimmed and lower-cased', () => {
    expect(ZLoginBody.parse({ email: '  Ada@Example.COM ', password: 'x' }).email).toBe('ada@example.com');
  });

  it('when a code is not exactly 5 digits, then it is refused', () => {
    for (const code of ['1234', '123456', '12a45']) {
      expect(ZVerifyEmailCodeBody.safeParse({ email: 'a@b.co', code, purpose: 'register' }).success).toBe(false);
    }
    expect(ZVerifyEmailCodeBody.parse({ email: 'a@b.co', code: ' 01234 ', purpose: 'register' }).code).toBe('01234');
  });
});

describe('subjects', () => {
  it('when an RPC subject is not svc.<service>.<verb-noun>, then defining it fails', () => {
    expect(defineRpc('svc.identity.get-user', z.object({}), z.object({})).service).toBe('identity');
    expect(() => defineRpc('identity.getUser', z.object({}), z.object({}))).toThrow();
  });

  it('when an event subject is not evt.<aggregate>.<past-tense>, then defining it fails', () => {
    expect(defineEvent('evt.user.registered', 1, z.object({ eventId: z.uuid() })).subject).toBe('evt.user.registered');
    expect(() => defineEvent('user.registered', 1, z.object({ eventId: z.uuid() }))).toThrow();
  });
});

describe('events deploy independently', () => {
  it('when a producer adds a field in a newer version, then every event schema of the catalogue still reads the event', async () => {
    const catalogue = await import('./index');
    const isEvent = (value: unknown): value is { subject: string; schema: z.ZodType } =>
      typeof value === 'object' && value !== null && 'subject' in value && 'schema' in value && String(value.subject).startsWith('evt.');
    const events = (Object.values(catalogue) as unknown[]).filter(isEvent);
    expect(events.length).toBeGreaterThan(10);
    for (const event of events) {
      // A shape the schema accepts does not matter here: an added field must never be the reason it fails.
      const issues = event.schema.safeParse({ eventId: '00000000-0000-4000-8000-000000000000', addedInANewerVersion: 1 }).error?.issues ?? [];
      expect(issues.filter((issue) => issue.code === 'unrecognized_keys'), event.subject).toEqual([]);
    }
  });
});
