import type { TSubscription } from '@ferry/contracts';
import { PLAN_CODES, type TBillingPeriod } from '@ferry/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { planCards } from '../marketing/pricing-plans';
import { useGetSubscriptionQuery } from './billing.api';
import { useBillingFormat } from './format';
import { paidPlanCode } from './paid-plan';
import { currentPlanCode, planMove } from './plan-choice';
import { PlanCardItem } from './PlanCardItem';
import { PlanChange } from './PlanChange';
import './billing.css';

/**
 * /dash/account/1: the plans side by side, the current one marked, upgrade / downgrade / trial
 * buttons that open checkout for that plan. `?plan=PRY` opens checkout for that plan at once
 * (the Upgrade box and the "Get 7-day trial" actions link here).
 */
export function PlanTab() {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const [params] = useSearchParams();
  const { data: subscription, isError } = useGetSubscriptionQuery();
  const asked = paidPlanCode(params.get('plan'));
  const [chosen, setChosen] = useState(asked);
  const [pickedPeriod, setPeriod] = useState<TBillingPeriod | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (isError) return <p className="dash-card">{t('billingTab.loadFailed')}</p>;
  if (!subscription) return <p className="hint">{t('planTab.loading')}</p>;
  const current = currentPlanCode(subscription);
  const choice = chosen && chosen !== current ? chosen : null;
  const period = pickedPeriod ?? PLAN_CODES[asked ?? current].period ?? 'monthly';

  function finished(next: TSubscription) {
    const plan = t(`plans.${PLAN_CODES[next.nextPlanCode ?? next.planCode].role}`);
    setDone(next.nextPlanCode && next.currentPeriodEnd ? t('planTab.scheduled', { plan, date: format.date(next.currentPeriodEnd) }) : t('planTab.changed', { plan }));
    setChosen(null);
  }

  return (
    <div className="plan-tab">
      <p>{t('planTab.lead')}</p>
      <fieldset className="plan-tab__period">
        <legend className="visually-hidden">{t('planTab.period')}</legend>
        {(['monthly', 'yearly'] as const).map((value) => (
          <label key={value} className={period === value ? 'is-on' : undefined}>
            <input type="radio" name="plan-period" value={value} checked={period === value} onChange={() => setPeriod(value)} />
            {t(`periods.${value}`)}
          </label>
        ))}
      </fieldset>
      <p className="plan-tab__status" role="status">
        {done}
      </p>
      <ul className="plan-options" aria-label={t('planTab.plansLabel')}>
        {planCards(period).map((card) => (
          <PlanCardItem key={card.code} card={card} move={planMove(card.code, subscription)} isChosen={choice === card.code} onChoose={() => setChosen(paidPlanCode(card.code))} />
        ))}
      </ul>
      {choice ? <PlanChange key={choice} planCode={choice} subscription={subscription} onClose={() => setChosen(null)} onDone={finished} /> : null}
      {current !== 'Free' ? (
        <p className="hint">
          {t('planTab.freeCancel')} <Link to="/dash/account/billing">{t('planTab.billingLink')}</Link>
        </p>
      ) : null}
    </div>
  );
}
