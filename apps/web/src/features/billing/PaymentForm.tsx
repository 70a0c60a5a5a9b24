import type { TSubscription } from '@ferry/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardFormProps } from './CardForm';

/** Loaded only where a card is taken. */
const CardForm = lazy(() => import('./CardForm'));
/** Stripe.js and Elements: loaded only here, and only for the Stripe provider (the local provider never loads them). */
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** The card form of the subscription's payment provider: `local` is our own form, `stripe` takes the card with Stripe Elements (same props). */
export function PaymentForm({ provider, ...props }: CardFormProps & { provider: TSubscription['provider'] }) {
  const { t } = useTranslation('billing');
  const Form = provider === 'stripe' ? StripeCardForm : CardForm;
  return (
    <Suspense fallback={<p className="hint">{t('card.loading')}</p>}>
      <Form {...props} />
    </Suspense>
  );
}
