import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetSubscriptionQuery } from './billing.api';
import { CancelControls } from './CancelControls';
import { CardOnFile } from './CardOnFile';
import { InvoiceList } from './InvoiceList';
import { SubscriptionSummary } from './SubscriptionSummary';
import './billing.css';

const LIVE = new Set(['trialing', 'active', 'past_due', 'unpaid']);

/** /dash/account/billing: plan, status, trial days left, next charge, card, invoices, change plan, cancel / resume. */
export function BillingTab() {
  const { t } = useTranslation('billing');
  const { data: subscription, isError } = useGetSubscriptionQuery();
  if (isError) return <p className="dash-card">{t('billingTab.loadFailed')}</p>;
  if (!subscription) return <p className="hint">{t('billingTab.loading')}</p>;
  const isLive = LIVE.has(subscription.status);
  const isPastDue = subscription.status === 'past_due' || subscription.status === 'unpaid';
  return (
    <div className="billing-tab">
      {isPastDue ? (
        <p className="billing-tab__alert" role="alert">
          {t('billingTab.pastDue')}
        </p>
      ) : null}
      <section className="dash-card" aria-labelledby="billing-summary-title">
        <h3 id="billing-summary-title">{t('billingTab.summary')}</h3>
        {subscription.isSumo ? <p>{t('billingTab.sumo')}</p> : subscription.status === 'none' ? <p>{t('billingTab.free')}</p> : null}
        {subscription.status !== 'none' ? <SubscriptionSummary subscription={subscription} /> : null}
        <div className="card-form__actions">
          <Link className="button button--ghost" to="/dash/account/1">
            {isLive ? t('billingTab.changePlan') : t('billingTab.choosePlan')}
          </Link>
          {isLive ? <CancelControls subscription={subscription} /> : null}
        </div>
      </section>
      {subscription.isSumo ? null : <CardOnFile subscription={subscription} />}
      <InvoiceList />
    </div>
  );
}
