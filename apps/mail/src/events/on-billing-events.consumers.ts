import { consumer, type EventConsumer } from '@ferry/bus';
import { INVOICE_PAID, INVOICE_PAYMENT_FAILED, SUBSCRIPTION_CANCELED, SUBSCRIPTION_TRIAL_ENDING, type TInvoicePaid } from '@ferry/contracts';
import { renderMail } from '../domain/render-mail';
import { mailDay, mailMoney, paymentFailedTemplate, planName, receiptTemplate, subscriptionCanceledTemplate, trialEndingTemplate } from '../templates/billing.templates';
import { MAIL_RETRY, type MailConsumerDeps } from './mail-consumer.deps';

/** The account's billing tab, where the card, plan and invoices are. */
export const billingTabLink = (publicUrl: string): string => `${publicUrl}/dash/account/billing`;

/** The invoice's facts as a mail shows them. */
function invoiceVars(event: TInvoicePaid, publicUrl: string) {
  return {
    plan: planName(event.planCode, event.lang),
    amount: mailMoney(event.amount, event.currency, event.lang),
    number: event.invoiceNumber,
    periodStart: mailDay(event.periodStart, event.lang),
    periodEnd: mailDay(event.periodEnd, event.lang),
    link: billingTabLink(publicUrl),
  };
}

/** The trial ends in 2 days: when, what will be charged, where to change it. */
export function onTrialEnding(deps: MailConsumerDeps): EventConsumer {
  return consumer(SUBSCRIPTION_TRIAL_ENDING, {
    durable: 'mail--subscription-trial-ending',
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (event, { trx }) => {
      const content = trialEndingTemplate[event.lang]({
        plan: planName(event.planCode, event.lang),
        trialEnd: mailDay(event.trialEnd, event.lang),
        amount: mailMoney(event.amount, event.currency, event.lang),
        link: billingTabLink(deps.publicUrl),
      });
      // Past the trial's end the mail says nothing true any more.
      const expiresAt = new Date(event.trialEnd).toISOString();
      await deps.deliver(trx, { eventId: event.eventId, kind: 'trial-ending', to: event.email, lang: event.lang, expiresAt, mail: renderMail(content, { lang: event.lang, publicUrl: deps.publicUrl }) });
    },
  });
}

/** One mail per invoice event: the receipt, or the mail with the link to fix the card. */
function invoiceMailConsumer(deps: MailConsumerDeps, event: typeof INVOICE_PAID, mail: { durable: string; kind: 'receipt' | 'payment-failed'; template: typeof receiptTemplate }): EventConsumer {
  const { durable, kind, template } = mail;
  return consumer(event, {
    durable,
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (invoice, { trx }) => {
      const content = template[invoice.lang](invoiceVars(invoice, deps.publicUrl));
      await deps.deliver(trx, { eventId: invoice.eventId, kind, to: invoice.email, lang: invoice.lang, expiresAt: null, mail: renderMail(content, { lang: invoice.lang, publicUrl: deps.publicUrl }) });
    },
  });
}

/** A charge failed: the link to fix the card. */
export const onPaymentFailed = (deps: MailConsumerDeps) => invoiceMailConsumer(deps, INVOICE_PAYMENT_FAILED, { durable: 'mail--invoice-payment-failed', kind: 'payment-failed', template: paymentFailedTemplate });

/** A charge succeeded: the receipt with the invoice. */
export const onInvoicePaid = (deps: MailConsumerDeps) => invoiceMailConsumer(deps, INVOICE_PAID, { durable: 'mail--invoice-paid', kind: 'receipt', template: receiptTemplate });

/** A subscription cancelled at the end of its period has ended. */
export function onSubscriptionCanceled(deps: MailConsumerDeps): EventConsumer {
  return consumer(SUBSCRIPTION_CANCELED, {
    durable: 'mail--subscription-canceled',
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (event, { trx }) => {
      const content = subscriptionCanceledTemplate[event.lang]({
        plan: planName(event.planCode, event.lang),
        endedAt: mailDay(event.endedAt, event.lang),
        link: `${deps.publicUrl}/dash/account/1`,
      });
      await deps.deliver(trx, { eventId: event.eventId, kind: 'subscription-canceled', to: event.email, lang: event.lang, expiresAt: null, mail: renderMail(content, { lang: event.lang, publicUrl: deps.publicUrl }) });
    },
  });
}

/** The four billing mails' consumers. */
export const billingMailConsumers = (deps: MailConsumerDeps): EventConsumer[] => [onTrialEnding(deps), onPaymentFailed(deps), onInvoicePaid(deps), onSubscriptionCanceled(deps)];
