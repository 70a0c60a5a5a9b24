import { describe, expect, it } from 'vitest';
import { MAIL_RETRY } from './mail-consumer.deps';

describe('mail redelivery', () => {
  it('when SMTP is down, then a mail event is retried for more than 12 hours before it is dead-lettered', () => {
    const waits = Array.from({ length: MAIL_RETRY.maxDeliver - 1 }, (_, attempt) => MAIL_RETRY.backoffMs[Math.min(attempt, MAIL_RETRY.backoffMs.length - 1)] ?? 0);
    const hours = waits.reduce((sum, ms) => sum + ms, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(12);
  });
});
