import { listPlans, type TPlanCode } from '@ferry/plans';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const PLANS = listPlans();

/** The package picked on the pricing page, its price and trial, and the way back to change it. */
export function SelectedPlan({ planCode, canChange = true }: { planCode: TPlanCode; canChange?: boolean }) {
  const { t, i18n } = useTranslation('auth');
  const titleId = useId();
  const plan = PLANS.find((p) => p.code === planCode) ?? PLANS[0];
  if (!plan) return null;
  const price = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(plan.price);
  return (
    <section className="selected-plan" aria-labelledby={titleId}>
      <h2 id={titleId} className="selected-plan__title">
        {t('plan.selected')}
      </h2>
      <p className="selected-plan__name">
        {t(`plan.roles.${plan.role}`)}
        {plan.period ? <span className="selected-plan__period"> · {t(`plan.period.${plan.period}`)}</span> : null}
      </p>
      <p className="selected-plan__price">{plan.period ? t(`plan.price.${plan.period}`, { price }) : t('plan.price.free')}</p>
      {plan.trialDays > 0 ? <p className="hint">{t('plan.trial', { days: plan.trialDays })}</p> : null}
      {canChange ? (
        <Link className="selected-plan__change" to="/pricing">
          {t('plan.back')}
        </Link>
      ) : null}
    </section>
  );
}
