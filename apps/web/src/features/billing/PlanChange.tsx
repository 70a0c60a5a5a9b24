import type { TPaidPlanCode, TSubscription } from '@ferry/contracts';
import { PLAN_CODES, TRIAL_DAYS } from '@ferry/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBillingFormat } from './format';
import { needsCard, planMove } from './plan-choice';
import { PaymentForm } from './PaymentForm';
import { useCheckoutAction } from './use-card-actions';

/**
 * Checkout for the plan chosen on the plan tab: the card form when no card is on file (the trial),
 * else a confirmation; a downgrade says it applies at the end of the period.
 */
export function PlanChange({ planCode, subscription, onClose, onDone }: {
  planCode: TPaidPlanCode;
  subscription: TSubscription;
  onClose: () => void;
  onDone: (subscription: TSubscription) => void;
}) {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const checkout = useCheckoutAction(onDone);
  const info = PLAN_CODES[planCode];
  const plan = t(`plans.${info.role}`);
  const isDowngrade = planMove(planCode, subscription) === 'downgrade';
  const periodEnd = subscription.currentPeriodEnd;
  const cancelButton = (
    <button type="button" className="button button--ghost" onClick={onClose}>
      {t('planTab.cancel')}
    </button>
  );

  async function confirm() {
    setBusy(true);
    setError(await checkout(planCode));
    setBusy(false);
  }

  return (
    <section className="dash-card plan-change" aria-labelledby="plan-change-title">
      <h3 id="plan-change-title">{t('planTab.confirmTitle', { plan, period: t(`periods.${info.period ?? 'monthly'}`) })}</h3>
      {isDowngrade ? <p>{periodEnd ? t('planTab.downgradeNoteOn', { date: format.date(periodEnd) }) : t('planTab.downgradeNote')}</p> : null}
      {needsCard(subscription) ? (
        <>
          <p>{t('planTab.cardNeeded', { plan })}</p>
          <PaymentForm provider={subscription.provider} submitLabel={t('trial.start', { days: TRIAL_DAYS })} onCard={(card) => checkout(planCode, card)}>
            {cancelButton}
          </PaymentForm>
        </>
      ) : (
        <>
          <p className="card-form__error" role="alert">
            {error ? t(error) : null}
          </p>
          <div className="card-form__actions">
            <button type="button" className="button" disabled={isBusy} onClick={confirm}>
              {isBusy ? t('card.working') : t('planTab.confirm')}
            </button>
            {cancelButton}
          </div>
        </>
      )}
    </section>
  );
}
