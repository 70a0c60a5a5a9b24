import type { TPaidPlanCode } from '@ferry/contracts';
import { PLAN_CODES, TRIAL_DAYS } from '@ferry/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useGetSubscriptionQuery } from './billing.api';
import { PaymentForm } from './PaymentForm';
import PromotionCodeField from './PromotionCodeField';
import { useCheckoutAction } from './use-card-actions';

/**
 * Register step 3's card step: the card starts the paid plan's 7-day trial, the session is refreshed
 * so the plan's limits apply, then the dashboard. A promotion code the check accepted goes with the
 * checkout. A declined card leaves the account on Free; the user may try another card or go on to
 * the dashboard.
 */
export function TrialCheckout({ planCode, titleId }: { planCode: TPaidPlanCode; titleId: string }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const { data: subscription, isError } = useGetSubscriptionQuery();
  const provider = subscription?.provider ?? (isError ? 'local' : null);
  const startTrial = useCheckoutAction(() => navigate('/dash'));
  const [promotionCode, setPromotionCode] = useState<string | undefined>(undefined);
  const plan = t(`plans.${PLAN_CODES[planCode].role}`);
  return (
    <section className="trial-checkout" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('trial.title', { plan })}</h2>
      <p>{t('trial.lead', { days: TRIAL_DAYS, plan })}</p>
      <p className="hint">{t('trial.noChargeYet', { days: TRIAL_DAYS })}</p>
      {provider ? <PromotionCodeField onChange={(applied) => setPromotionCode(applied?.code)} /> : null}
      {provider ? (
        <PaymentForm provider={provider} submitLabel={t('trial.start', { days: TRIAL_DAYS })} onCard={(card) => startTrial(planCode, card, promotionCode)}>
          <Link className="button button--ghost" to="/dash">
            {t('trial.skip')}
          </Link>
        </PaymentForm>
      ) : (
        <p className="hint">{t('card.loading')}</p>
      )}
    </section>
  );
}
