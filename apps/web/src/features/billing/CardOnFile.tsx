import type { TSubscription } from '@ferry/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentForm } from './PaymentForm';
import { useReplaceCardAction } from './use-card-actions';

/** The card on file (brand, last 4, expiry) and "Replace card": a past-due subscription is charged again at once. */
export function CardOnFile({ subscription }: { subscription: TSubscription }) {
  const { t } = useTranslation('billing');
  const [isEditing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const replace = useReplaceCardAction(() => {
    setEditing(false);
    setSaved(true);
  });
  const { card } = subscription;
  return (
    <section className="dash-card billing-card" aria-labelledby="billing-card-title">
      <h3 id="billing-card-title">{t('billingTab.card')}</h3>
      {card ? (
        <p>
          <strong>{t('billingTab.cardValue', { brand: card.brand.charAt(0).toUpperCase() + card.brand.slice(1), last4: card.last4 })}</strong>
          <span className="hint"> · {t('billingTab.cardExpires', { month: String(card.expMonth).padStart(2, '0'), year: card.expYear })}</span>
        </p>
      ) : (
        <p>{t('billingTab.noCard')}</p>
      )}
      <p role="status" className="billing-card__saved">
        {saved ? t('billingTab.cardSaved') : null}
      </p>
      {isEditing ? (
        <PaymentForm provider={subscription.provider} submitLabel={t('billingTab.saveCard')} onCard={replace}>
          <button type="button" className="button button--ghost" onClick={() => setEditing(false)}>
            {t('planTab.cancel')}
          </button>
        </PaymentForm>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
        >
          {card ? t('billingTab.replaceCard') : t('billingTab.addCard')}
        </button>
      )}
    </section>
  );
}
