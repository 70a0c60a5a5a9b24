import type { Knex } from '@ferry/db';
import type { BillingTx, InvoiceRecord } from '../domain/billing.ports';
import { createBillingStore } from './billing.store';

/** A Stripe invoice kept as one of billing's invoices, inside a webhook's transaction. */
export interface StripeInvoices {
  /** Inserts the invoice the first time; later only its status moves (never from paid back to open). Answers the invoice as stored. */
  record(stripeInvoiceId: string, invoice: Omit<InvoiceRecord, 'id' | 'number'>, hostedUrl: string | null): Promise<InvoiceRecord>;
}

function stripeInvoicesOf(trx: Knex.Transaction, tx: BillingTx): StripeInvoices {
  return {
    async record(stripeInvoiceId, invoice, hostedUrl) {
      const known = await trx('stripe_invoices').where({ stripe_invoice_id: stripeInvoiceId }).forUpdate().first();
      if (known) {
        await trx('invoices').where({ id: known.invoice_id }).whereNot({ status: 'paid' }).update({ status: invoice.status, amount: invoice.amount });
        const row = await trx('invoices').where({ id: known.invoice_id }).first('number', 'status', 'amount');
        return { ...invoice, id: String(known.invoice_id), number: String(row.number), status: row.status, amount: row.amount, hostedUrl };
      }
      const saved = await tx.insertInvoice(invoice);
      await trx('stripe_invoices').insert({ stripe_invoice_id: stripeInvoiceId, invoice_id: saved.id, hosted_invoice_url: hostedUrl });
      return { ...saved, hostedUrl };
    },
  };
}

/** The Stripe provider's own tables, beside billing's (the same schema). */
export interface StripeLinks {
  findCustomerId(adminId: string): Promise<string | null>;
  saveCustomerId(adminId: string, customerId: string, now: Date): Promise<void>;
  /** The admin of a Stripe subscription Ferry created (null: not ours). */
  findAdminOfSubscription(subscriptionId: string): Promise<string | null>;
  /** The admin's newest Stripe subscription (by Stripe's `created`). */
  findSubscriptionId(adminId: string): Promise<string | null>;
  /** Links a subscription to its admin; `createdAt` is Stripe's `created`, which orders an admin's subscriptions. */
  saveSubscriptionId(adminId: string, subscriptionId: string, createdAt: Date): Promise<void>;
  /**
   * Runs `work` once per Stripe event: the event id is stored in the transaction of its effect, so a
   * redelivery (even a concurrent one) finds it and `work` does not run. Returns false for a duplicate.
   */
  applyOnce(event: { id: string; type: string }, now: Date, work: (tx: BillingTx, invoices: StripeInvoices) => Promise<void>): Promise<boolean>;
}

export function createStripeLinks(db: Knex, onEmit: () => void = () => undefined): StripeLinks {
  return {
    async findCustomerId(adminId) {
      const row = await db('stripe_customers').where({ admin_id: adminId }).first();
      return row ? String(row.customer_id) : null;
    },
    async saveCustomerId(adminId, customerId, now) {
      await db('stripe_customers').insert({ admin_id: adminId, customer_id: customerId, created_at: now }).onConflict('admin_id').ignore();
    },
    async findAdminOfSubscription(subscriptionId) {
      const row = await db('stripe_subscriptions').where({ subscription_id: subscriptionId }).first();
      return row ? String(row.admin_id) : null;
    },
    async findSubscriptionId(adminId) {
      const row = await db('stripe_subscriptions').where({ admin_id: adminId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'seq', order: 'desc' }]).first();
      return row ? String(row.subscription_id) : null;
    },
    async saveSubscriptionId(adminId, subscriptionId, createdAt) {
      await db('stripe_subscriptions').insert({ subscription_id: subscriptionId, admin_id: adminId, created_at: createdAt }).onConflict('subscription_id').ignore();
    },
    async applyOnce(event, now, work) {
      let emitted = false;
      const applied = await db.transaction(async (trx) => {
        const inserted = await trx('processed_webhooks').insert({ event_id: event.id, type: event.type, processed_at: now }).onConflict('event_id').ignore().returning('event_id');
        if (inserted.length === 0) return false;
        await createBillingStore(trx, () => {
          emitted = true;
        }).transaction((tx) => work(tx, stripeInvoicesOf(trx, tx)));
        return true;
      });
      if (emitted) onEmit();
      return applied;
    },
  };
}
