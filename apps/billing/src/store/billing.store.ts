import { writeEvent, type EventInput } from '@ferry/bus';
import type { Knex } from '@ferry/db';
import type { EventDef, TPaidPlanCode } from '@ferry/contracts';
import type { BillingStore, BillingTables, BillingTx, CustomerRecord, InvoiceRecord, SubscriptionRecord, SubscriptionState } from '../domain/billing.ports';
import { couponTables, findCouponById } from './coupon.store';
import { noticeTables } from './notice.store';

interface SubscriptionRow {
  id: string;
  admin_id: string;
  plan_code: string;
  status: string;
  trial_end: Date | null;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  next_plan_code: string | null;
  lifetime: boolean;
  coupon_id: string | null;
  discount_charges_left: number | null;
}

const toSubscription = (row: SubscriptionRow): SubscriptionRecord => ({
  id: row.id,
  adminId: row.admin_id,
  planCode: row.plan_code as TPaidPlanCode,
  status: row.status as SubscriptionState,
  trialEnd: row.trial_end,
  currentPeriodStart: row.current_period_start,
  currentPeriodEnd: row.current_period_end,
  cancelAtPeriodEnd: row.cancel_at_period_end,
  nextPlanCode: row.next_plan_code as TPaidPlanCode | null,
  lifetime: row.lifetime,
});

/** The lifetime flag and the coupon columns, only when the record says (a record without them leaves them as stored). */
function dealColumns(s: SubscriptionRecord): Record<string, unknown> {
  return {
    ...(s.lifetime !== undefined && { lifetime: s.lifetime }),
    ...(s.discount !== undefined && { coupon_id: s.discount?.coupon.id ?? null, discount_charges_left: s.discount?.chargesLeft ?? null }),
  };
}

function tables(db: Knex | Knex.Transaction): BillingTables {
  return {
    ...couponTables(db),
    ...noticeTables(db, toSubscription),
    async findCustomer(adminId) {
      const row = await db('customers').where({ admin_id: adminId }).first();
      if (!row) return null;
      const card = row.card_token
        ? { brand: row.card_brand, last4: row.card_last4, expMonth: row.card_exp_month, expYear: row.card_exp_year, token: row.card_token }
        : null;
      return { adminId: row.admin_id, email: row.email, lang: row.lang, card } satisfies CustomerRecord;
    },
    async saveCustomer(customer, now) {
      const card = customer.card;
      await db('customers')
        .insert({
          admin_id: customer.adminId,
          email: customer.email,
          card_brand: card?.brand ?? null,
          card_last4: card?.last4 ?? null,
          card_exp_month: card?.expMonth ?? null,
          card_exp_year: card?.expYear ?? null,
          card_token: card?.token ?? null,
          ...(customer.lang && { lang: customer.lang }),
          created_at: now,
          updated_at: now,
        })
        .onConflict('admin_id')
        .merge(['email', 'card_brand', 'card_last4', 'card_exp_month', 'card_exp_year', 'card_token', ...(customer.lang ? ['lang'] : []), 'updated_at']);
    },
    async findSubscription(adminId, options = {}) {
      let query = db('subscriptions').where({ admin_id: adminId });
      if (options.forUpdate) query = query.forUpdate();
      const row = (await query.first()) as SubscriptionRow | undefined;
      if (!row) return null;
      const coupon = row.coupon_id ? await findCouponById(db, row.coupon_id) : null;
      return { ...toSubscription(row), discount: coupon ? { coupon, chargesLeft: row.discount_charges_left } : null };
    },
    async saveSubscription(s, now) {
      await db('subscriptions')
        .insert({
          id: s.id,
          admin_id: s.adminId,
          plan_code: s.planCode,
          status: s.status,
          trial_end: s.trialEnd,
          current_period_start: s.currentPeriodStart,
          current_period_end: s.currentPeriodEnd,
          cancel_at_period_end: s.cancelAtPeriodEnd,
          next_plan_code: s.nextPlanCode,
          ...dealColumns(s),
          created_at: now,
          updated_at: now,
        })
        .onConflict('id')
        .merge(['plan_code', 'status', 'trial_end', 'current_period_start', 'current_period_end', 'cancel_at_period_end', 'next_plan_code', ...Object.keys(dealColumns(s)), 'updated_at']);
    },
    async listDueSubscriptions(now, limit) {
      const rows = (await db('subscriptions')
        .whereIn('status', ['trialing', 'active'])
        .where({ lifetime: false })
        .where('current_period_end', '<=', now)
        .orderBy('current_period_end')
        .limit(limit)) as SubscriptionRow[];
      return rows.map(toSubscription);
    },
    async insertInvoice(invoice) {
      const [row] = await db('invoices')
        .insert({
          id: crypto.randomUUID(),
          admin_id: invoice.adminId,
          plan_code: invoice.planCode,
          amount: invoice.amount,
          currency: invoice.currency,
          status: invoice.status,
          period_start: invoice.periodStart,
          period_end: invoice.periodEnd,
          created_at: invoice.createdAt,
        })
        .returning(['id', 'number']);
      return { ...invoice, id: row.id, number: String(row.number) };
    },
    async listInvoices(adminId) {
      // stripe_invoices: the Stripe provider's link to its hosted invoice page (no row with the local provider).
      const rows = await db('invoices')
        .leftJoin('stripe_invoices', 'stripe_invoices.invoice_id', 'invoices.id')
        .select('invoices.*', 'stripe_invoices.hosted_invoice_url')
        .where({ 'invoices.admin_id': adminId })
        .orderBy([{ column: 'invoices.created_at', order: 'desc' }, { column: 'invoices.number', order: 'desc' }])
        .limit(100);
      return rows.map(
        (row): InvoiceRecord => ({
          id: row.id,
          number: String(row.number),
          adminId: row.admin_id,
          planCode: row.plan_code,
          amount: row.amount,
          currency: row.currency,
          status: row.status,
          periodStart: row.period_start,
          periodEnd: row.period_end,
          createdAt: row.created_at,
          hostedUrl: row.hosted_invoice_url ?? null,
        }),
      );
    },
  };
}

/** billing's storage on its own schema; `onEmit` hears that a transaction wrote events (to kick the relay). */
export function createBillingStore(db: Knex, onEmit: () => void = () => undefined): BillingStore {
  return {
    ...tables(db),
    async transaction(work) {
      let wroteEvents = false;
      const result = await db.transaction(async (trx) => {
        const tx: BillingTx = {
          ...tables(trx),
          async emit<T extends { eventId: string }>(event: EventDef<T>, input: Omit<T, 'eventId'>): Promise<T> {
            wroteEvents = true;
            return writeEvent<T>(trx, event, input as EventInput<T>);
          },
        };
        return work(tx);
      });
      if (wroteEvents) onEmit();
      return result;
    },
  };
}
