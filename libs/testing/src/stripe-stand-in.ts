import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A form value as the Stripe SDK encodes it (`items[0][price]=…`), nested back into objects and arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };
export type StripeObject = Record<string, unknown> & { id: string };

const DAY_S = 86_400;

/** Test payment methods, by Stripe's own test ids: attach declines, or attach works and charges fail. */
const TEST_CARDS: Record<string, { last4: string; brand: string; declinedAtAttach?: boolean; chargeFails?: boolean }> = {
  pm_card_visa: { last4: '4242', brand: 'visa' },
  pm_card_mastercard: { last4: '4444', brand: 'mastercard' },
  pm_card_chargeDeclined: { last4: '0002', brand: 'visa', declinedAtAttach: true },
  pm_card_chargeCustomerFail: { last4: '0341', brand: 'visa', chargeFails: true },
};

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: FormObject | FormValue[] = root;
    path.forEach((part, i) => {
      const container = node as Record<string, FormValue>;
      if (i === path.length - 1) {
        container[part] = value;
        return;
      }
      container[part] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
      node = container[part] as FormObject | FormValue[];
    });
  }
  return root;
}

const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const list = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : []);
const field = (v: FormValue | undefined, name: string): FormValue | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? v[name] : undefined);

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, string>,
  ) {
    super(body['message']);
  }
}
const missing = (what: string, id: string) => new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` });

export interface StripeStandIn {
  /** `host`, `port` and `protocol` for `new Stripe(key, { … })`, and STRIPE_API_URL. */
  host: string;
  port: number;
  url: string;
  customers: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  /** Requests received, `METHOD /v1/path`, oldest first. */
  requests: string[];
  /** The next `count` API requests answer 500 (Stripe having a bad moment). */
  failNextRequests(count: number): void;
  /** Coupons (`co_…`) and promotion codes (`promo_…`), as created through the API or addPromotionCode. */
  coupons: Map<string, StripeObject>;
  promotionCodes: Map<string, StripeObject>;
  /** Subscription schedules (`sub_sched_…`): a phase that starts at a renewal (mutateSubscription's `period`) applies its price then. */
  schedules: Map<string, StripeObject>;
  /** Adds an active promotion code (`code` → `promo_…`) on a new coupon; `coupon` overrides the coupon's fields (redeem_by, valid, …). */
  addPromotionCode(code: string, percentOff: number, options?: { coupon?: Record<string, unknown>; promotion?: Record<string, unknown> }): string;
  /** Changes a subscription as Stripe would on its own (trial end, renewal, failed payment); returns it. */
  mutateSubscription(id: string, change: Record<string, unknown>): StripeObject;
  /**
   * What Stripe.js does when the page confirms the trial's SetupIntent with a card: it succeeds, the
   * card is attached and becomes the subscription's default (or, `asCustomerDefault`, the customer's).
   */
  confirmSetupIntent(subscriptionId: string, paymentMethodId: string, options?: { asCustomerDefault?: boolean }): StripeObject;
  /** The subscription's latest invoice as Stripe sends it in invoice.* events (`amount` in cents). */
  invoiceFor(subscriptionId: string, options: { status: 'paid' | 'open'; amount: number }): StripeObject;
  /** A Stripe event envelope for an object, as Stripe posts it to a webhook endpoint. */
  eventOf(type: string, object: StripeObject, options?: { created?: number }): string;
  close(): Promise<void>;
}

export interface StripeStandInOptions {
  /** Stripe's time in epoch seconds (the tests' clock); default the wall clock. */
  now?: () => number;
}

/**
 * A stateful stand-in for the Stripe API endpoints Ferry's billing calls, in memory: customers,
 * payment method attach, subscriptions (create with trial / retrieve / update / cancel), promotion
 * code lookup and billing portal sessions. It answers what the real API answers for those calls,
 * in the shapes of the SDK's API version, so the real `stripe` SDK runs against it.
 */
export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const customers = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject>();
  const promotionCodes = new Map<string, StripeObject>();
  const coupons = new Map<string, StripeObject>();
  const schedules = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject>();
  const requests: string[] = [];
  let failing = 0;
  const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;

  const paymentMethodOf = (id: string): StripeObject => {
    const known = paymentMethods.get(id);
    if (known) return known;
    const card = TEST_CARDS[id];
    if (!card) throw missing('PaymentMethod', id);
    const pm: StripeObject = { id, object: 'payment_method', type: 'card', customer: null, card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2040 } };
    paymentMethods.set(id, pm);
    return pm;
  };
  const customerOf = (id: string) => customers.get(id) ?? (() => { throw missing('customer', id); })();
  const subscriptionOf = (id: string) => subscriptions.get(id) ?? (() => { throw missing('subscription', id); })();

  const defaultPaymentMethodOf = (sub: StripeObject): string | null => {
    const own = sub['default_payment_method'];
    if (typeof own === 'string') return own;
    const settings = customerOf(String(sub['customer']))['invoice_settings'] as { default_payment_method: string | null };
    return settings.default_payment_method;
  };

  /** Shapes a subscription as the API answers it; `expand` fills what the SDK asked for. */
  const render = (sub: StripeObject, expand: string[]): StripeObject => {
    const out: StripeObject = { ...sub };
    if (expand.includes('default_payment_method') && typeof sub['default_payment_method'] === 'string') out['default_payment_method'] = paymentMethodOf(sub['default_payment_method']);
    if (expand.includes('pending_setup_intent') && typeof sub['pending_setup_intent'] === 'string') out['pending_setup_intent'] = setupIntents.get(sub['pending_setup_intent']) ?? null;
    if (expand.includes('schedule') && typeof sub['schedule'] === 'string') out['schedule'] = schedules.get(sub['schedule']) ?? null;
    if (expand.some((e) => e.startsWith('latest_invoice')) && sub['latest_invoice']) out['latest_invoice'] = { id: sub['latest_invoice'], object: 'invoice', confirmation_secret: { type: 'payment_intent', client_secret: `pi_secret_${sub['latest_invoice']}` } };
    return out;
  };

  /** A charge for the subscription's next period: active when the card pays, past_due when it does not. */
  const charge = (sub: StripeObject): void => {
    const pm = defaultPaymentMethodOf(sub);
    const fails = !pm || TEST_CARDS[pm]?.chargeFails === true;
    sub['latest_invoice'] = newId('in');
    sub['status'] = fails ? (sub['status'] === 'trialing' || sub['status'] === 'active' || sub['status'] === 'past_due' ? 'past_due' : 'incomplete') : 'active';
  };

  const itemsOf = (sub: StripeObject) => (sub['items'] as { data: Array<Record<string, unknown>> }).data;
  const setPeriod = (sub: StripeObject, start: number, end: number) => {
    for (const item of itemsOf(sub)) Object.assign(item, { current_period_start: start, current_period_end: end });
  };

  const newCoupon = (fields: Record<string, unknown>): StripeObject => {
    const coupon: StripeObject = {
      id: newId('co'), object: 'coupon', percent_off: null, amount_off: null, currency: null, duration: 'once', duration_in_months: null,
      redeem_by: null, max_redemptions: null, times_redeemed: 0, valid: true, name: null, created: now(), ...fields,
    };
    coupons.set(coupon.id, coupon);
    return coupon;
  };
  const newPromotionCode = (code: string, couponId: string, fields: Record<string, unknown> = {}): StripeObject => {
    const taken = [...promotionCodes.values()].some((p) => p['active'] === true && String(p['code']).toLowerCase() === code.toLowerCase());
    if (taken) throw new StripeError(400, { type: 'invalid_request_error', message: 'An active promotion code with `code` already exists.' });
    const promo: StripeObject = { id: newId('promo'), object: 'promotion_code', code, active: true, promotion: { type: 'coupon', coupon: couponId }, max_redemptions: null, times_redeemed: 0, expires_at: null, created: now(), ...fields };
    promotionCodes.set(promo.id, promo);
    return promo;
  };
  const couponOfPromotion = (promo: StripeObject) => coupons.get(String((promo['promotion'] as { coupon: string }).coupon)) as StripeObject;
  /** A promotion code is redeemable while it and its coupon are active, unexpired and not used up (as Stripe checks it). */
  const redeem = (promoId: string): void => {
    const promo = promotionCodes.get(promoId);
    if (!promo) throw missing('promotion_code', promoId);
    const coupon = couponOfPromotion(promo);
    const expired = (at: unknown) => typeof at === 'number' && at <= now();
    const usedUp = (o: StripeObject) => typeof o['max_redemptions'] === 'number' && Number(o['times_redeemed']) >= o['max_redemptions'];
    if (!promo['active'] || !coupon['valid'] || expired(promo['expires_at']) || expired(coupon['redeem_by']) || usedUp(promo) || usedUp(coupon)) {
      throw new StripeError(400, { type: 'invalid_request_error', code: 'coupon_expired', message: 'This promotion code cannot be redeemed.' });
    }
    promo['times_redeemed'] = Number(promo['times_redeemed']) + 1;
    coupon['times_redeemed'] = Number(coupon['times_redeemed']) + 1;
  };
  const renderPromotion = (promo: StripeObject, expand: string[]): StripeObject =>
    expand.includes('data.promotion.coupon') || expand.includes('promotion.coupon') ? { ...promo, promotion: { type: 'coupon', coupon: couponOfPromotion(promo) } } : promo;
  const numberOrNull = (v: FormValue | undefined) => (str(v) !== undefined && str(v) !== '' ? Number(str(v)) : null);
  const scheduleOf = (id: string) => schedules.get(id) ?? (() => { throw missing('subscription_schedule', id); })();
  const DURATION_S: Record<string, number> = { day: DAY_S, week: 7 * DAY_S, month: 30 * DAY_S, year: 365 * DAY_S };
  /** Phases as the API keeps them: each with its start and end (an end from the previous end plus `duration`). */
  const phasesOf = (form: FormObject): Array<Record<string, unknown>> => {
    let previousEnd: number | null = null;
    return list(form['phases']).map((phase) => {
      const start = numberOrNull(field(phase, 'start_date')) ?? previousEnd ?? now();
      const duration = field(phase, 'duration');
      const span = duration ? (DURATION_S[str(field(duration, 'interval')) ?? 'month'] ?? 30 * DAY_S) * Number(str(field(duration, 'interval_count')) ?? 1) : null;
      const end = numberOrNull(field(phase, 'end_date')) ?? (span ? start + span : null);
      previousEnd = end;
      const items = list(field(phase, 'items')).map((item) => ({ price: str(field(item, 'price')), quantity: Number(str(field(item, 'quantity')) ?? 1) }));
      return { start_date: start, end_date: end, items, trial_end: numberOrNull(field(phase, 'trial_end')), proration_behavior: str(field(phase, 'proration_behavior')) ?? 'create_prorations' };
    });
  };
  const releaseSchedule = (schedule: StripeObject): void => {
    const sub = subscriptions.get(String(schedule['subscription']));
    if (sub) sub['schedule'] = null;
    Object.assign(schedule, { status: 'released', released_at: now(), released_subscription: schedule['subscription'], subscription: null });
  };
  /** A renewal at `start`: the schedule's phase that starts by then sets the price; past its last phase the schedule releases. */
  const applySchedule = (sub: StripeObject, start: number): void => {
    const schedule = typeof sub['schedule'] === 'string' ? schedules.get(sub['schedule']) : undefined;
    if (!schedule) return;
    const phases = schedule['phases'] as Array<{ start_date: number; items: Array<{ price: string }> }>;
    const current = phases.filter((p) => p.start_date <= start).at(-1);
    const item = itemsOf(sub)[0];
    if (current && item && current.items[0]) item['price'] = { id: current.items[0].price, object: 'price' };
    if (current === phases.at(-1) && schedule['end_behavior'] === 'release') releaseSchedule(schedule);
  };

  const routes: Array<[string, RegExp, (m: string[], form: FormObject) => StripeObject | Record<string, unknown>]> = [
    ['POST', /^\/v1\/customers$/, (_m, form) => {
      const c: StripeObject = { id: newId('cus'), object: 'customer', email: str(form['email']) ?? null, metadata: form['metadata'] ?? {}, invoice_settings: { default_payment_method: null }, created: now() };
      customers.set(c.id, c);
      return c;
    }],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (m, form) => {
      const c = customerOf(m[1] ?? '');
      const settings = c['invoice_settings'] as { default_payment_method: string | null };
      const expandPm = list(form['expand']).includes('invoice_settings.default_payment_method') && settings.default_payment_method;
      return expandPm ? { ...c, invoice_settings: { default_payment_method: paymentMethodOf(settings.default_payment_method ?? '') } } : c;
    }],
    ['POST', /^\/v1\/customers\/([^/]+)$/, (m, form) => {
      const c = customerOf(m[1] ?? '');
      const pm = str(field(form['invoice_settings'], 'default_payment_method'));
      if (pm !== undefined) c['invoice_settings'] = { default_payment_method: pm || null };
      if (form['email']) c['email'] = str(form['email']);
      return c;
    }],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (m) => paymentMethodOf(m[1] ?? '')],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, (m, form) => {
      const pm = paymentMethodOf(m[1] ?? '');
      const customer = customerOf(str(form['customer']) ?? '').id;
      if (TEST_CARDS[pm.id]?.declinedAtAttach) throw new StripeError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
      pm['customer'] = customer;
      return pm;
    }],
    ['GET', /^\/v1\/promotion_codes$/, (_m, form) => {
      // Codes are matched whatever their case, as Stripe does.
      const code = str(form['code'])?.toLowerCase();
      const active = str(form['active']);
      const expand = list(form['expand']).map(String);
      const data = [...promotionCodes.values()]
        .filter((p) => (code === undefined || String(p['code']).toLowerCase() === code) && (active === undefined || String(p['active']) === active))
        .map((p) => renderPromotion(p, expand));
      return { object: 'list', data, has_more: false, url: '/v1/promotion_codes' };
    }],
    ['POST', /^\/v1\/coupons$/, (_m, form) => {
      const percentOff = numberOrNull(form['percent_off']);
      const amountOff = numberOrNull(form['amount_off']);
      if ((percentOff === null) === (amountOff === null)) throw new StripeError(400, { type: 'invalid_request_error', message: 'Exactly one of percent_off or amount_off is required.' });
      if (amountOff !== null && !str(form['currency'])) throw new StripeError(400, { type: 'invalid_request_error', param: 'currency', message: 'currency is required with amount_off.' });
      return newCoupon({
        percent_off: percentOff, amount_off: amountOff, currency: str(form['currency']) ?? null, duration: str(form['duration']) ?? 'once',
        duration_in_months: numberOrNull(form['duration_in_months']), redeem_by: numberOrNull(form['redeem_by']), max_redemptions: numberOrNull(form['max_redemptions']),
        name: str(form['name']) ?? null, metadata: form['metadata'] ?? {},
      });
    }],
    ['POST', /^\/v1\/promotion_codes$/, (_m, form) => {
      const couponId = str(field(form['promotion'], 'coupon')) ?? '';
      if (!coupons.has(couponId)) throw missing('coupon', couponId);
      return newPromotionCode(str(form['code']) ?? newId('CODE'), couponId, { max_redemptions: numberOrNull(form['max_redemptions']), expires_at: numberOrNull(form['expires_at']), metadata: form['metadata'] ?? {} });
    }],
    ['POST', /^\/v1\/subscription_schedules$/, (_m, form) => {
      const sub = subscriptionOf(str(form['from_subscription']) ?? '');
      if (sub['schedule']) throw new StripeError(400, { type: 'invalid_request_error', message: `You cannot migrate a subscription that is already attached to a schedule: \`${String(sub['schedule'])}\`.` });
      const item = itemsOf(sub)[0] ?? {};
      const schedule: StripeObject = {
        id: newId('sub_sched'), object: 'subscription_schedule', subscription: sub.id, customer: sub['customer'], status: 'active', end_behavior: 'release', released_at: null, released_subscription: null, created: now(),
        phases: [{ start_date: Number(item['current_period_start']), end_date: Number(item['current_period_end']), items: [{ price: (item['price'] as { id: string }).id, quantity: 1 }], trial_end: sub['trial_end'] ?? null, proration_behavior: 'create_prorations' }],
      };
      schedules.set(schedule.id, schedule);
      sub['schedule'] = schedule.id;
      return schedule;
    }],
    ['GET', /^\/v1\/subscription_schedules\/([^/]+)$/, (m) => scheduleOf(m[1] ?? '')],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)$/, (m, form) => {
      const schedule = scheduleOf(m[1] ?? '');
      if (schedule['status'] !== 'active' && schedule['status'] !== 'not_started') throw new StripeError(400, { type: 'invalid_request_error', message: `You cannot update a subscription schedule that is currently in the \`${String(schedule['status'])}\` status.` });
      if (form['phases']) {
        const phases = phasesOf(form);
        const first = (schedule['phases'] as Array<{ start_date: number }>)[0];
        if (first && phases[0]?.['start_date'] !== first.start_date) throw new StripeError(400, { type: 'invalid_request_error', message: 'The current phase cannot be removed or have its start_date changed.' });
        schedule['phases'] = phases;
      }
      if (str(form['end_behavior'])) schedule['end_behavior'] = str(form['end_behavior']);
      return schedule;
    }],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)\/release$/, (m) => {
      const schedule = scheduleOf(m[1] ?? '');
      if (schedule['status'] !== 'active' && schedule['status'] !== 'not_started') throw new StripeError(400, { type: 'invalid_request_error', message: `You cannot release a subscription schedule that is currently in the \`${String(schedule['status'])}\` status.` });
      releaseSchedule(schedule);
      return schedule;
    }],
    ['POST', /^\/v1\/subscriptions$/, (_m, form) => {
      const customer = customerOf(str(form['customer']) ?? '');
      const item = list(form['items'])[0];
      const price = str(field(item, 'price'));
      if (!price) throw new StripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', message: 'Missing required param: items[0][price].' });
      const trialDays = Number(str(form['trial_period_days']) ?? 0);
      const created = now();
      const trialEnd = trialDays > 0 ? created + trialDays * DAY_S : null;
      const promo = str(field(list(form['discounts'])[0], 'promotion_code'));
      if (promo) redeem(promo);
      const sub: StripeObject = {
        id: newId('sub'), object: 'subscription', customer: customer.id, status: trialEnd ? 'trialing' : 'incomplete', created,
        trial_end: trialEnd, trial_start: trialEnd ? created : null, cancel_at_period_end: false, canceled_at: null, ended_at: null,
        metadata: form['metadata'] ?? {}, default_payment_method: str(form['default_payment_method']) ?? null,
        discounts: promo ? [newId('di')] : [], latest_invoice: null, pending_setup_intent: null, schedule: null,
        payment_settings: { save_default_payment_method: str(field(form['payment_settings'], 'save_default_payment_method')) ?? 'off' },
        trial_settings: { end_behavior: { missing_payment_method: str(field(field(form['trial_settings'], 'end_behavior'), 'missing_payment_method')) ?? 'create_invoice' } },
        items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price: { id: price, object: 'price' }, quantity: 1, current_period_start: created, current_period_end: trialEnd ?? created + 30 * DAY_S }] },
      };
      subscriptions.set(sub.id, sub);
      if (trialEnd && str(form['payment_behavior']) === 'default_incomplete') {
        const si: StripeObject = { id: newId('seti'), object: 'setup_intent', customer: customer.id, client_secret: '', status: defaultPaymentMethodOf(sub) ? 'requires_confirmation' : 'requires_payment_method', usage: 'off_session' };
        si['client_secret'] = `${si.id}_secret_${randomBytes(6).toString('hex')}`;
        setupIntents.set(si.id, si);
        sub['pending_setup_intent'] = si.id;
      }
      // default_incomplete: a payment due now waits for the page to confirm the invoice's PaymentIntent.
      if (!trialEnd && str(form['payment_behavior']) === 'default_incomplete') sub['latest_invoice'] = newId('in');
      else if (!trialEnd) charge(sub);
      return render(sub, list(form['expand']).map(String));
    }],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (m, form) => render(subscriptionOf(m[1] ?? ''), list(form['expand']).map(String))],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (m, form) => {
      const sub = subscriptionOf(m[1] ?? '');
      if (sub['status'] === 'canceled') throw new StripeError(400, { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' });
      const cancel = str(form['cancel_at_period_end']);
      if (cancel !== undefined && sub['schedule']) {
        throw new StripeError(400, { type: 'invalid_request_error', message: `The subscription is managed by the subscription schedule \`${String(sub['schedule'])}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.` });
      }
      if (cancel !== undefined) sub['cancel_at_period_end'] = cancel === 'true';
      const promo = str(field(list(form['discounts'])[0], 'promotion_code'));
      if (promo) {
        redeem(promo);
        sub['discounts'] = [newId('di')];
      }
      const pm = str(form['default_payment_method']);
      if (pm !== undefined) sub['default_payment_method'] = pm || null;
      const item = list(form['items'])[0];
      const price = str(field(item, 'price'));
      if (price) {
        const current = itemsOf(sub)[0];
        if (current && str(field(item, 'id')) !== current['id']) throw new StripeError(400, { type: 'invalid_request_error', message: 'items[0][id] must name the existing item.' });
        if (current) current['price'] = { id: price, object: 'price' };
        if (sub['status'] === 'active' && str(form['proration_behavior']) === 'always_invoice') sub['latest_invoice'] = newId('in');
      }
      return render(sub, list(form['expand']).map(String));
    }],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (m) => {
      const sub = subscriptionOf(m[1] ?? '');
      // Cancelling a subscription cancels its schedule with it.
      const schedule = typeof sub['schedule'] === 'string' ? schedules.get(sub['schedule']) : undefined;
      if (schedule) Object.assign(schedule, { status: 'canceled', canceled_at: now() });
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return sub;
    }],
    ['POST', /^\/v1\/billing_portal\/sessions$/, (_m, form) => {
      const customer = customerOf(str(form['customer']) ?? '').id;
      const id = newId('bps');
      return { id, object: 'billing_portal.session', customer, return_url: str(form['return_url']) ?? null, url: `https://billing.stripe.com/p/session/test_${id}`, created: now() };
    }],
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(body));
    };
    if (failing > 0) {
      failing -= 1;
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred (stand-in failure).' } });
    }
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    const route = routes.find(([method, pattern]) => method === req.method && pattern.test(url.pathname));
    if (!route) return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
    const form = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    try {
      send(200, route[2]([...(url.pathname.match(route[1]) ?? [])], form));
    } catch (error) {
      if (error instanceof StripeError) return send(error.status, { error: error.body });
      send(500, { error: { type: 'api_error', message: String(error) } });
    }
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    url: `http://127.0.0.1:${port}`,
    customers,
    subscriptions,
    coupons,
    promotionCodes,
    schedules,
    requests,
    failNextRequests(count) {
      failing = count;
    },
    addPromotionCode(code, percentOff, extra = {}) {
      const coupon = newCoupon({ percent_off: percentOff, ...extra.coupon });
      return newPromotionCode(code, coupon.id, extra.promotion).id;
    },
    mutateSubscription(id, change) {
      const sub = subscriptionOf(id);
      const { charge: doCharge, period, ...rest } = change as { charge?: boolean; period?: [number, number] } & Record<string, unknown>;
      Object.assign(sub, rest);
      if (period) {
        setPeriod(sub, period[0], period[1]);
        applySchedule(sub, period[0]);
      }
      if (doCharge) charge(sub);
      return render(sub, []);
    },
    confirmSetupIntent(subscriptionId, paymentMethodId, confirmOptions = {}) {
      const sub = subscriptionOf(subscriptionId);
      const si = setupIntents.get(String(sub['pending_setup_intent']));
      if (!si) throw new Error(`${subscriptionId} has no pending SetupIntent`);
      Object.assign(si, { status: 'succeeded', payment_method: paymentMethodId });
      paymentMethodOf(paymentMethodId)['customer'] = sub['customer'];
      if (confirmOptions.asCustomerDefault) customerOf(String(sub['customer']))['invoice_settings'] = { default_payment_method: paymentMethodId };
      else sub['default_payment_method'] = paymentMethodId;
      return render(sub, []);
    },
    invoiceFor(subscriptionId, invoiceOptions) {
      const sub = subscriptionOf(subscriptionId);
      const item = itemsOf(sub)[0] ?? {};
      const period = { start: Number(item['current_period_start']), end: Number(item['current_period_end']) };
      const id = typeof sub['latest_invoice'] === 'string' ? sub['latest_invoice'] : newId('in');
      const paid = invoiceOptions.status === 'paid';
      return {
        id, object: 'invoice', customer: sub['customer'], status: invoiceOptions.status, currency: 'usd', created: now(),
        amount_due: invoiceOptions.amount, amount_paid: paid ? invoiceOptions.amount : 0, period_start: period.start, period_end: period.end,
        hosted_invoice_url: `https://invoice.stripe.com/i/test_${id}`,
        lines: { object: 'list', data: [{ id: newId('il'), object: 'line_item', amount: invoiceOptions.amount, period }] },
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub['metadata'] } },
      };
    },
    eventOf(type, object, eventOptions = {}) {
      return JSON.stringify({ id: newId('evt'), object: 'event', api_version: '2026-10-28', created: eventOptions.created ?? now(), type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
