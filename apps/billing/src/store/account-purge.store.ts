import type { Knex } from '@ferry/db';

/** Every billing row of an admin: notices, invoices, the subscription, Stripe links, the customer (card included). */
export async function purgeBillingRows(db: Knex | Knex.Transaction, adminId: string): Promise<void> {
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
