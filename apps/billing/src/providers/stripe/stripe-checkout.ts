import { AppError, type BILLING_RPC, type TCheckoutResult, type TPaidPlanCode } from '@ferry/contracts';
import { PLAN_CODES, TRIAL_DAYS } from '@ferry/plans';
import type Stripe from 'stripe';
import { billingAdminOf } from '../../domain/billing-caller';
import type { BillingDeps, RpcRequest } from '../../domain/billing.ports';
import { lifetimeNothingToPayError } from '../../domain/coupon.errors';
import { isUpgrade, toSubscriptionView } from '../../domain/subscription-rules';
import type { StoredCard } from '../payment-provider';
import type { StripeSubscription } from './stripe-client';
import { attachStripeCard, ensureStripeCustomer, findLiveStripeSubscription, priceIdOf, recordStripeSubscription, releaseSchedule, SUBSCRIPTION_EXPAND, type StripeBilling } from './stripe-billing';
import { withCardErrors } from './stripe-errors';
import { findStripePromotion } from './stripe-promotions';
import { planCodeOf } from './stripe-subscription';

/** The secret Stripe Elements confirms in the page: the trial's SetupIntent, or the first invoice's payment. */
function secretOf(subscription: StripeSubscription): Pick<TCheckoutResult, 'clientSecret' | 'type'> {
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup !== 'string' && setup.client_secret && setup.status !== 'succeeded') return { clientSecret: setup.client_secret, type: 'setup' };
  const invoice = subscription.latest_invoice;
  const secret = invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : undefined;
  if (subscription.status === 'incomplete' && secret) return { clientSecret: secret, type: 'payment' };
  return { clientSecret: null, type: null };
}

interface PlanChange {
  planCode: TPaidPlanCode;
  stored: StoredCard | null;
  discounts: Stripe.SubscriptionUpdateParams['discounts'];
}

/**
 * A downgrade waits for the period's (or the trial's) end, as with the local provider: a subscription
 * schedule keeps the current price until then and moves to the new one after, with no proration;
 * the subscription runs on when the schedule releases it. A second downgrade rewrites the schedule.
 */
async function scheduleDowngrade(sb: StripeBilling, live: StripeSubscription, item: Stripe.SubscriptionItem, planCode: TPaidPlanCode): Promise<StripeSubscription> {
  const scheduleId = typeof live.schedule === 'string' ? live.schedule : live.schedule?.id;
  const schedule = scheduleId ? await sb.stripe.subscriptionSchedules.retrieve(scheduleId) : await sb.stripe.subscriptionSchedules.create({ from_subscription: live.id });
  const current = schedule.phases[0];
  await sb.stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    phases: [
      {
        items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
        start_date: current?.start_date ?? item.current_period_start,
        end_date: item.current_period_end,
        ...(live.status === 'trialing' && live.trial_end ? { trial_end: live.trial_end } : {}),
      },
      {
        items: [{ price: priceIdOf(sb, planCode), quantity: 1 }],
        duration: { interval: PLAN_CODES[planCode].period === 'yearly' ? 'year' : 'month', interval_count: 1 },
        proration_behavior: 'none',
      },
    ],
  });
  return sb.stripe.subscriptions.retrieve(live.id, { expand: SUBSCRIPTION_EXPAND });
}

/**
 * Changes the live subscription: the same plan undoes a pending downgrade (and a cancellation); an
 * upgrade applies at once, prorated and invoiced at once; a downgrade at the period's end.
 */
async function changeStripePlan(sb: StripeBilling, live: StripeSubscription, change: PlanChange): Promise<StripeSubscription> {
  const item = live.items.data[0];
  const from = planCodeOf(sb.settings.prices, item?.price.id);
  const card = change.stored ? { default_payment_method: change.stored.token } : {};
  if (item && from && from !== change.planCode && !isUpgrade(from, change.planCode)) {
    if (live.cancel_at_period_end || change.stored || change.discounts) {
      // A schedule refuses cancellation changes: undo a cancellation before it takes over.
      await withCardErrors(() => sb.stripe.subscriptions.update(live.id, { ...(live.cancel_at_period_end && !live.schedule ? { cancel_at_period_end: false } : {}), ...card, ...(change.discounts ? { discounts: change.discounts } : {}) }));
    }
    return scheduleDowngrade(sb, live, item, change.planCode);
  }
  await releaseSchedule(sb, live);
  const params: Stripe.SubscriptionUpdateParams = {
    cancel_at_period_end: false,
    proration_behavior: 'always_invoice',
    expand: SUBSCRIPTION_EXPAND,
    ...(item && item.price.id !== priceIdOf(sb, change.planCode) ? { items: [{ id: item.id, price: priceIdOf(sb, change.planCode) }] } : {}),
    ...card,
    ...(change.discounts ? { discounts: change.discounts } : {}),
  };
  return withCardErrors(() => sb.stripe.subscriptions.update(live.id, params));
}

/**
 * Checkout with Stripe: the admin's customer, the card from Stripe Elements when the page sent one,
 * then a subscription on the package's price. A first subscription has a 7-day trial with
 * `payment_behavior: default_incomplete`: Stripe answers a pending SetupIntent whose secret the page
 * confirms (the card is required; until it is confirmed the subscription gives no paid limits, and a
 * trial that ends without a card is cancelled by Stripe). A returning customer pays at once. A plan
 * change goes through changeStripePlan. The promotion code is Stripe's (findStripePromotion, as the
 * code check); the language is kept for billing's mails.
 */
export async function stripeCheckout(deps: BillingDeps, sb: StripeBilling, request: RpcRequest<typeof BILLING_RPC.checkout>): Promise<TCheckoutResult> {
  const admin = billingAdminOf(request.caller);
  const { planCode, card, paymentMethodId, promotionCode, lang } = request.body;
  if (card) throw new AppError('CARD_INVALID', { message: "Enter your card in Stripe's form." });
  const now = deps.clock();
  const held = await deps.store.findSubscription(admin.adminId);
  if (held?.lifetime) throw lifetimeNothingToPayError();
  const customerId = await ensureStripeCustomer(sb, admin, now);
  const stored = paymentMethodId ? await attachStripeCard(sb, customerId, paymentMethodId) : null;
  const known = await deps.store.findCustomer(admin.adminId);
  if (stored || !known || lang) await deps.store.saveCustomer({ adminId: admin.adminId, email: known?.email ?? admin.email, card: stored ?? known?.card ?? null, ...(lang && { lang }) }, now);
  const discounts = promotionCode ? [{ promotion_code: (await findStripePromotion(sb, promotionCode, now)).id }] : undefined;
  const live = await findLiveStripeSubscription(sb, admin.adminId);
  let subscription: StripeSubscription;
  if (live) {
    subscription = await changeStripePlan(sb, live, { planCode, stored, discounts });
  } else {
    const isFirst = held === null;
    subscription = await withCardErrors(() =>
      sb.stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: priceIdOf(sb, planCode) }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { adminId: admin.adminId, email: admin.email },
        expand: SUBSCRIPTION_EXPAND,
        ...(isFirst ? { trial_period_days: TRIAL_DAYS, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } } : {}),
        ...(stored ? { default_payment_method: stored.token } : {}),
        ...(discounts ? { discounts } : {}),
      }),
    );
    await sb.links.saveSubscriptionId(admin.adminId, subscription.id, new Date(subscription.created * 1000));
  }
  const record = await recordStripeSubscription(deps, sb, subscription, admin.adminId);
  const customer = await deps.store.findCustomer(admin.adminId);
  // The view is of the moment Stripe answered: its trial_end counts from then, and days left read at the
  // start of the call would show a 7-day trial as 8 when the call crossed a second.
  return { subscription: toSubscriptionView(record, customer, deps.clock(), 'stripe'), ...secretOf(subscription) };
}
