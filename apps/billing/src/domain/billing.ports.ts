import type { EventDef, RpcDef, TLang, TPaidPlanCode } from '@ferry/contracts';
import type { PaymentProvider, StoredCard } from '../providers/payment-provider';
import type { AppliedDiscount, CouponTables } from './coupon.ports';
import type { NoticeTables } from './notice.ports';

export type SubscriptionState = 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';

export interface CustomerRecord {
  adminId: string;
  email: string;
  /** The language of billing mails (absent: left as stored, `en` at first). */
  lang?: TLang;
  card: StoredCard | null;
}

export interface SubscriptionRecord {
  id: string;
  adminId: string;
  planCode: TPaidPlanCode;
  status: SubscriptionState;
  trialEnd: Date | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  nextPlanCode: TPaidPlanCode | null;
  /** A lifetime deal: the PRY plan for life, never charged (absent: false). */
  lifetime?: boolean;
  /** The coupon discounting the charges (absent: left as stored). */
  discount?: AppliedDiscount | null;
}

export interface InvoiceRecord {
  id: string;
  number: string;
  adminId: string;
  planCode: TPaidPlanCode;
  amount: number;
  currency: string;
  status: 'paid' | 'open' | 'void' | 'uncollectible';
  periodStart: Date;
  periodEnd: Date;
  createdAt: Date;
  /** Stripe's hosted invoice page (the Stripe provider's invoices; absent or null otherwise). */
  hostedUrl?: string | null;
}

export interface BillingTables extends CouponTables, NoticeTables {
  findCustomer(adminId: string): Promise<CustomerRecord | null>;
  saveCustomer(customer: CustomerRecord, now: Date): Promise<void>;
  findSubscription(adminId: string, options?: { forUpdate?: boolean }): Promise<SubscriptionRecord | null>;
  saveSubscription(subscription: SubscriptionRecord, now: Date): Promise<void>;
  /** Trialing and active subscriptions whose period has ended, oldest first. */
  listDueSubscriptions(now: Date, limit: number): Promise<SubscriptionRecord[]>;
  insertInvoice(invoice: Omit<InvoiceRecord, 'id' | 'number'>): Promise<InvoiceRecord>;
  listInvoices(adminId: string): Promise<InvoiceRecord[]>;
}

export interface BillingTx extends BillingTables {
  emit<T extends { eventId: string }>(event: EventDef<T>, input: Omit<T, 'eventId'>): Promise<T>;
}

export interface BillingStore extends BillingTables {
  transaction<T>(work: (tx: BillingTx) => Promise<T>): Promise<T>;
}

export interface BillingDeps {
  store: BillingStore;
  provider: PaymentProvider;
  clock: () => Date;
}

/** The request type of an RPC contract, as the bus hands it to the use case (already validated). */
export type RpcRequest<R> = R extends RpcDef<infer TReq, infer _TRes> ? TReq : never;
