import { Counter } from 'prom-client';

const mails = new Counter({
  name: 'ferry_mails_total',
  help: 'Mails handed to SMTP (outcome=sent) or given up on in one delivery (outcome=failed; the bus retries later)',
  labelNames: ['outcome'] as const,
});

export function recordMail(outcome: 'sent' | 'failed'): void {
  mails.inc({ outcome });
}
