import type { Stripe, StripeElements } from '@stripe/stripe-js';
import type { TPaymentInput } from './payment-input';

/** Stripe's own message (Stripe words it in the page's language), or the billing key of the API's card error. */
export type TStripeProblem = { stripeMessage: string } | { key: string } | null;

/**
 * The Stripe card step: Elements checks the fields, Stripe makes the payment method, the API takes
 * its id (checkout or card change) and may answer an intent, which is confirmed here
 * (`redirect: 'if_required'`: a card's 3-D Secure opens in the page; only a redirect-based method leaves it).
 */
export async function payWithStripe(stripe: Stripe, elements: StripeElements, onCard: (payment: TPaymentInput) => Promise<string | null>): Promise<TStripeProblem> {
  const submitted = await elements.submit();
  if (submitted.error) return { stripeMessage: submitted.error.message ?? '' };
  const created = await stripe.createPaymentMethod({ elements });
  if (created.error) return { stripeMessage: created.error.message ?? '' };
  const paymentMethodId = created.paymentMethod.id;
  const refused: { message: string | null } = { message: null };
  const key = await onCard({
    paymentMethodId,
    confirm: async ({ clientSecret, type }) => {
      const options = { clientSecret, confirmParams: { payment_method: paymentMethodId, return_url: window.location.href }, redirect: 'if_required' as const };
      const result = type === 'setup' ? await stripe.confirmSetup(options) : await stripe.confirmPayment(options);
      refused.message = result.error ? (result.error.message ?? '') : null;
      return refused.message === null;
    },
  });
  if (refused.message !== null) return { stripeMessage: refused.message };
  return key ? { key } : null;
}
