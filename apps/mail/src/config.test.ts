import { describe, expect, it } from 'vitest';
import { loadMailConfig } from './config';

const required = { SMTP_URL: 'smtp://mail.local:25', DATABASE_URL: 'postgres://u@h/db', EVENT_SEAL_KEY: 'seal-key-for-mail-tests-that-is-32-chars' };

describe('loadMailConfig', () => {
  it('when only the required values are set, then the defaults are filled', () => {
    expect(loadMailConfig(required)).toEqual({
      ...required,
      MAIL_FROM: 'Ferry <no-reply@ferry.local>',
      PUBLIC_URL: 'http://localhost:8080',
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_STREAM_REPLICAS: 1,
      MIGRATIONS: 'run',
      LOG_LEVEL: 'info',
      MAIL_SEND_ATTEMPTS: 3,
      HEALTH_PORT: 8082,
      DOWNLOAD_MAIL_WINDOW_SECONDS: 300,
      DOWNLOAD_DIGEST_POLL_MS: 5_000,
      FERRY_TEST_CLOCK: false,
      NODE_ENV: 'development',
    });
  });

  it('when PUBLIC_URL ends with a slash, then links do not get a double slash', () => {
    expect(loadMailConfig({ ...required, PUBLIC_URL: 'https://ferry.example/' }).PUBLIC_URL).toBe('https://ferry.example');
  });

  it('when SMTP_URL is smtps and attempts are given, then they are accepted', () => {
    const config = loadMailConfig({ ...required, SMTP_URL: 'smtps://u:p@relay.example:465', MAIL_SEND_ATTEMPTS: '5' });
    expect(config.SMTP_URL).toBe('smtps://u:p@relay.example:465');
    expect(config.MAIL_SEND_ATTEMPTS).toBe(5);
  });

  it('when SMTP_URL is missing or not SMTP, then boot fails naming it', () => {
    expect(() => loadMailConfig({ DATABASE_URL: required.DATABASE_URL })).toThrow(/SMTP_URL \(unset\)/);
    expect(() => loadMailConfig({ ...required, SMTP_URL: 'http://mail.local' })).toThrow(/SMTP_URL .*smtp or smtps/);
  });

  it('when MAIL_FROM, NATS_URL or MAIL_SEND_ATTEMPTS are bad, then boot fails naming each', () => {
    const env = { ...required, MAIL_FROM: 'Ferry', NATS_URL: 'http://nats', MAIL_SEND_ATTEMPTS: '0' };
    expect(() => loadMailConfig(env)).toThrow(/MAIL_FROM[\s\S]*NATS_URL[\s\S]*MAIL_SEND_ATTEMPTS/);
  });

  it('when NATS_URL lists several servers, then it is accepted', () => {
    expect(loadMailConfig({ ...required, NATS_URL: 'nats://a:4222, nats://b:4222' }).NATS_URL).toBe('nats://a:4222, nats://b:4222');
  });
});
