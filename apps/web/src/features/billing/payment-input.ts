import type { TCardInput } from '@ferry/contracts';

/** What the API answers to confirm in the page (3-D Secure): Stripe's client secret and whose intent it is. */
export interface TStripeIntent {
  clientSecret: string;
  type: 'setup' | 'payment';
}

/** Stripe Elements' card: the payment method to send, and how to confirm the intent the API answers. */
export interface StripeCard {
  paymentMethodId: string;
  /** Confirms the intent with Stripe; false when Stripe refused (the form shows Stripe's message). */
  confirm: (intent: TStripeIntent) => Promise<boolean>;
}

/** What a card form hands over: the local provider's card details, or Stripe's payment method. */
export type TPaymentInput = TCardInput | StripeCard;

export const isStripeCard = (payment: TPaymentInput): payment is StripeCard => 'paymentMethodId' in payment;

/** The card fields of POST /billing/checkout and POST /billing/card. */
export const paymentBodyOf = (payment: TPaymentInput): { card: TCardInput } | { paymentMethodId: string } =>
  isStripeCard(payment) ? { paymentMethodId: payment.paymentMethodId } : { card: payment };
