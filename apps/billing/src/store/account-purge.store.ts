import type { Knex } from '@ferry/db';

/** Every billing row of an admin: notices, invoices, the subscription, Stripe links, the customer (card included). */
export async function purgeBillingRows(db: Knex | Knex.Transaction, adminId: string): Promise<void> {
  // The subscription's lock first, the one the settle timer's renewal takes before it writes an invoice:
  // a renewal in flight commits first and its invoice is deleted below, or it runs after and finds no
  // subscription. (Locking only at the subscription's delete left a renewal's invoice behind.)
  await db('subscriptions').where({ admin_id: adminId }).forUpdate().select('id');
  const subscriptionIds = db('subscriptions').where({ admin_id: adminId }).select('id');
  const invoiceIds = db('invoices').where({ admin_id: adminId }).select('id');
  await db('sent_notices').whereIn('subscription_id', subscriptionIds).delete();
  await db('stripe_invoices').whereIn('invoice_id', invoiceIds).delete();
  await db('invoices').where({ admin_id: adminId }).delete();
  await db('subscriptions').where({ admin_id: adminId }).delete();
  await db('stripe_subscriptions').where({ admin_id: adminId }).delete();
  await db('stripe_customers').where({ admin_id: adminId }).delete();
  await db('customers').where({ admin_id: adminId }).delete();
  // A lifetime code stays used; it no longer says by whom.
  await db('lifetime_codes').where({ redeemed_by: adminId }).update({ redeemed_by: db.raw("'deleted:' || code") });
}
