import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementsOptions } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetBillingConfigQuery } from './billing.api';
import type { CardFormProps } from './CardForm';
import { payWithStripe, type TStripeProblem } from './stripe-payment';
import './billing.css';

/** Stripe.js from Stripe's CDN, once per key (loadStripe adds the script tag the first time). */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Elements without an intent yet: the card becomes a payment method first, the API answers the intent after. */
const elementsOptions = (lang: string): StripeElementsOptions => ({
  mode: 'setup',
  currency: 'usd',
  paymentMethodCreation: 'manual',
  allowedPaymentMethodTypes: ['card'],
  locale: lang === 'zh' ? 'zh' : 'en',
});

/** The Stripe provider's card form (Stripe Elements), the same props as the local CardForm. */
export default function StripeCardForm(props: CardFormProps) {
  const { t, i18n } = useTranslation('billing');
  const { data: config, isError } = useGetBillingConfigQuery();
  if (isError || (config && !config.publishableKey)) return <p role="alert">{t('card.providerUnavailable')}</p>;
  if (!config?.publishableKey) return <p className="hint">{t('card.loading')}</p>;
  return (
    <Elements stripe={stripeFor(config.publishableKey)} options={elementsOptions(i18n.language)}>
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({ submitLabel, onCard, children }: CardFormProps) {
  const { t } = useTranslation('billing');
  const stripe = useStripe();
  const elements = useElements();
  const [problem, setProblem] = useState<TStripeProblem>(null);
  const [isBusy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProblem(null);
    setBusy(true);
    const answer = await payWithStripe(stripe, elements, onCard);
    setBusy(false);
    setProblem(answer);
  }

  const message = problem === null ? null : 'key' in problem ? t(problem.key) : problem.stripeMessage || t('card.errors.check');
  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label={t('card.formLabel')}>
      {stripe ? null : <p className="hint">{t('card.loading')}</p>}
      <PaymentElement />
      <p className="card-form__error" role="alert">
        {message}
      </p>
      <div className="card-form__actions">
        <button type="submit" className="button" disabled={isBusy || !stripe || !elements} aria-busy={isBusy}>
          {isBusy ? t('card.working') : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
