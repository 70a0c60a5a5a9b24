import type { Migration } from '@ferry/db';
import { createStripeLinks } from './migrations/20261125220000_create_stripe_links';
import { createStripeInvoices } from './migrations/20261125223000_create_stripe_invoices';
import { orderStripeSubscriptions } from './migrations/20261125224500_order_stripe_subscriptions';
import { createBilling } from './migrations/20261125200000_create_billing';
import { createCoupons } from './migrations/20261125210000_create_coupons';
import { createBillingNotices } from './migrations/20261125230000_create_billing_notices';

/** The `billing` schema's migrations, in order (openDb adds the outbox and inbox). */
export const billingMigrations: Migration[] = [createBilling, createCoupons, createStripeLinks, createStripeInvoices, orderStripeSubscriptions, createBillingNotices];
