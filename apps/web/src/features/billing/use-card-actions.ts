import type { TCheckoutResult, TPaidPlanCode, TSubscription } from '@ferry/contracts';
import { apiProblem } from '../../app/api-error';
import { useLang } from '../auth/use-lang';
import { useCheckoutMutation, useUpdateCardMutation } from './billing.api';
import { cardErrorKey } from './card-input';
import { isStripeCard, paymentBodyOf, type TPaymentInput } from './payment-input';
import { usePlanApplied } from './use-plan-applied';

/** Stripe refused to confirm the card in the page; the Stripe form shows Stripe's own message instead. */
const NOT_CONFIRMED = 'card.errors.declined';

/**
 * Runs a billing change, waits for the session to carry the new plan, then `after`; answers the card
 * error key or null. A change answering null was not confirmed by Stripe.
 */
function useApplied(after: (subscription: TSubscription) => void) {
  const planApplied = usePlanApplied();
  return async (change: () => Promise<TSubscription | null>): Promise<string | null> => {
    try {
      const subscription = await change();
      if (!subscription) return NOT_CONFIRMED;
      await planApplied(subscription);
      after(subscription);
      return null;
    } catch (error) {
      return cardErrorKey(apiProblem(error));
    }
  };
}

/** With Stripe, the intent the checkout answers is confirmed in the page before the plan counts as applied. */
async function confirmed(payment: TPaymentInput | undefined, result: TCheckoutResult): Promise<TSubscription | null> {
  if (!payment || !isStripeCard(payment) || !result.clientSecret || !result.type) return result.subscription;
  return (await payment.confirm({ clientSecret: result.clientSecret, type: result.type })) ? result.subscription : null;
}

/** Checkout for a plan (the 7-day trial, or a plan change); with a card when none is on file, a promotion code the check accepted, and the interface language for billing's mails. */
export function useCheckoutAction(after: (subscription: TSubscription) => void) {
  const [checkout] = useCheckoutMutation();
  const applied = useApplied(after);
  const lang = useLang();
  return (planCode: TPaidPlanCode, payment?: TPaymentInput, promotionCode?: string) =>
    applied(async () => confirmed(payment, await checkout({ planCode, ...(payment ? paymentBodyOf(payment) : {}), ...(promotionCode && { promotionCode }), lang }).unwrap()));
}

/** Replaces the card (a past-due subscription is charged again at once). */
export function useReplaceCardAction(after: (subscription: TSubscription) => void) {
  const [updateCard] = useUpdateCardMutation();
  const applied = useApplied(after);
  return (payment: TPaymentInput) => applied(() => updateCard(paymentBodyOf(payment)).unwrap());
}
