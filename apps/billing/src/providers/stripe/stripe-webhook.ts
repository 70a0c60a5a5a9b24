import { AppError, type TPaidPlanCode, type TStripeWebhookDelivery } from '@ferry/contracts';
import type Stripe from 'stripe';
import { announceTrialEnding, emitCanceled, emitChargeOutcome, trialEndsSoon } from '../../domain/billing-mail-events';
import type { BillingDeps, BillingTx, InvoiceRecord, SubscriptionRecord } from '../../domain/billing.ports';
import type { StripeInvoices } from '../../store/stripe.store';
import { resolveStripeState, SUBSCRIPTION_EXPAND, type StripeBilling } from './stripe-billing';
import { applyStripeState } from './stripe-subscription';

/** Stripe's own default: a signature older than this (seconds) is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** The subscription an event is about (null: an event Ferry does not act on). */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    case 'checkout.session.completed':
      return idOf(event.data.object.subscription);
    default:
      return null;
  }
}

const fromSeconds = (s: number) => new Date(s * 1000);

/** A Stripe invoice as one of billing's: what was paid (or is due), for the period of its subscription line. */
function invoiceRecordOf(invoice: Stripe.Invoice, adminId: string, planCode: TPaidPlanCode): Omit<InvoiceRecord, 'id' | 'number'> {
  const paid = invoice.status === 'paid';
  const period = invoice.lines?.data[0]?.period ?? { start: invoice.period_start, end: invoice.period_end };
  return {
    adminId,
    planCode,
    amount: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status: paid ? 'paid' : 'open',
    periodStart: fromSeconds(period.start),
    periodEnd: fromSeconds(period.end),
    createdAt: fromSeconds(invoice.created),
  };
}

function verifiedEvent(sb: StripeBilling, delivery: TStripeWebhookDelivery): Stripe.Event {
  try {
    return sb.stripe.webhooks.constructEvent(delivery.payload, delivery.signature, sb.settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', { message: `The Stripe-Signature header does not verify: ${reason}` });
  }
}

/**
 * A Stripe webhook delivery: the signature (and its age) checked, then the event applied once. The
 * subscription is read again from Stripe rather than taken from the event, so events that arrive out
 * of order (or late retries) always leave Stripe's current state. The event id is stored in the
 * transaction of the effect; a failure rolls both back and answers 5xx, so Stripe delivers it again.
 */
export async function handleStripeWebhook(deps: BillingDeps, sb: StripeBilling, delivery: TStripeWebhookDelivery): Promise<{ received: true; duplicate: boolean }> {
  const event = verifiedEvent(sb, delivery);
  const subscriptionId = subscriptionIdOf(event);
  const now = deps.clock();
  const applied = await sb.links.applyOnce(event, now, async (tx, invoices) => {
    if (!subscriptionId) return;
    const subscription = await sb.stripe.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND });
    const adminId = (await sb.links.findAdminOfSubscription(subscription.id)) ?? subscription.metadata['adminId'] ?? null;
    if (!adminId) return;
    await sb.links.saveSubscriptionId(adminId, subscription.id, fromSeconds(subscription.created));
    // A late event about an admin's earlier subscription (cancelled, then a new one) never overwrites the newer one.
    if ((await sb.links.findSubscriptionId(adminId)) !== subscription.id) return;
    const state = await resolveStripeState(sb, subscription, adminId);
    const record = await applyStripeState(tx, state, now);
    await emitMailEvent(tx, invoices, event, record, { now, endedAt: subscription.ended_at });
  });
  return { received: true, duplicate: !applied };
}

/**
 * The billing mails' events of a Stripe event, as the local provider emits them, in the event's own
 * transaction (so once per Stripe event id): the receipt of a paid invoice (not of a trial's $0
 * one), the fix-your-card mail of a failed one (not once the invoice is paid), the subscription
 * ended, and the trial ending (once per subscription; Stripe says it 3 days ahead, the mail says 2,
 * so a trial further off is left to the timer that announces it 2 days ahead).
 */
async function emitMailEvent(tx: BillingTx, invoices: StripeInvoices, event: Stripe.Event, record: SubscriptionRecord, at: { now: Date; endedAt: number | null }): Promise<void> {
  if (record.lifetime) return;
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    const stored = await invoices.record(invoice.id, invoiceRecordOf(invoice, record.adminId, record.planCode), invoice.hosted_invoice_url ?? null);
    const expected = event.type === 'invoice.paid' ? 'paid' : 'open';
    if (stored.status === expected && stored.amount > 0) await emitChargeOutcome(tx, record, stored);
  } else if (event.type === 'customer.subscription.deleted' && record.status === 'canceled') {
    await emitCanceled(tx, record, at.endedAt ? fromSeconds(at.endedAt) : at.now);
  } else if (event.type === 'customer.subscription.trial_will_end' && trialEndsSoon(record, at.now)) {
    await announceTrialEnding(tx, record, at.now);
  }
}
