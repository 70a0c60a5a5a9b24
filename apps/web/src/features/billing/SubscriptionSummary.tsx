import type { TSubscription } from '@ferry/contracts';
import { PLAN_CODES } from '@ferry/plans';
import { useTranslation } from 'react-i18next';
import { useBillingFormat } from './format';

/** Plan, status, trial days left and the next charge (or the end date of a cancelled subscription). */
export function SubscriptionSummary({ subscription }: { subscription: TSubscription }) {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const { planCode, status, trialDaysLeft, nextCharge, currentPeriodEnd, cancelAtPeriodEnd, nextPlanCode } = subscription;
  const info = PLAN_CODES[planCode];
  const planName = `${t(`plans.${info.role}`)}${info.period ? ` · ${t(`periods.${info.period}`)}` : ''}`;
  return (
    <dl className="billing-summary">
      <div>
        <dt>{t('billingTab.plan')}</dt>
        <dd>{planName}</dd>
      </div>
      <div>
        <dt>{t('billingTab.status')}</dt>
        <dd>
          <span className={`billing-status billing-status--${status}`}>{t(`billingTab.statuses.${status}`)}</span>
        </dd>
      </div>
      {status === 'trialing' && trialDaysLeft !== null ? (
        <div>
          <dt>{t('billingTab.trialLeft')}</dt>
          <dd>{t('billingTab.trialDays', { count: trialDaysLeft })}</dd>
        </div>
      ) : null}
      {nextCharge && !cancelAtPeriodEnd ? (
        <div>
          <dt>{t('billingTab.nextCharge')}</dt>
          <dd>{t('billingTab.nextChargeValue', { amount: format.money(nextCharge.amount, nextCharge.currency), date: format.date(nextCharge.at) })}</dd>
        </div>
      ) : null}
      {cancelAtPeriodEnd && currentPeriodEnd ? (
        <div>
          <dt>{t('billingTab.nextCharge')}</dt>
          <dd>{t('billingTab.endsOn', { date: format.date(currentPeriodEnd) })}</dd>
        </div>
      ) : null}
      {nextPlanCode && currentPeriodEnd ? (
        <div>
          <dt>{t('billingTab.plan')}</dt>
          <dd>{t('billingTab.nextPlan', { plan: t(`plans.${PLAN_CODES[nextPlanCode].role}`), date: format.date(currentPeriodEnd) })}</dd>
        </div>
      ) : null}
    </dl>
  );
}
