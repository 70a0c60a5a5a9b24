import { AppError } from '@ferry/contracts';
import Stripe from 'stripe';

/** Stripe's answer about a card in billing's codes: a decline is CARD_DECLINED, an unknown or unusable card CARD_INVALID. */
export async function withCardErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new AppError('CARD_DECLINED', { message: error.message || 'Your card was declined.' });
    if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.param === 'payment_method' || /PaymentMethod/i.test(error.message))) {
      throw new AppError('CARD_INVALID', { message: 'That card could not be used; enter it again.' });
    }
    throw error;
  }
}
