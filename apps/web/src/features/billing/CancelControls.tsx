import type { TSubscription } from '@ferry/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelSubscriptionMutation, useResumeSubscriptionMutation } from './billing.api';
import { useBillingFormat } from './format';

/** Cancel (asks first; ends at the period end) or, once cancelled, resume before the period ends. */
export function CancelControls({ subscription }: { subscription: TSubscription }) {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const [isAsking, setAsking] = useState(false);
  const [cancel, cancelState] = useCancelSubscriptionMutation();
  const [resume, resumeState] = useResumeSubscriptionMutation();
  const isBusy = cancelState.isLoading || resumeState.isLoading;

  if (subscription.cancelAtPeriodEnd) {
    return (
      <button type="button" className="button" disabled={isBusy} onClick={() => void resume()}>
        {t('billingTab.resume')}
      </button>
    );
  }
  if (!isAsking) {
    return (
      <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
        {t('billingTab.cancel')}
      </button>
    );
  }
  const end = subscription.currentPeriodEnd;
  return (
    <div className="billing-cancel" role="group" aria-labelledby="billing-cancel-question">
      <p id="billing-cancel-question">{end ? t('billingTab.cancelConfirm', { date: format.date(end) }) : t('billingTab.cancelConfirmNoDate')}</p>
      <div className="card-form__actions">
        <button
          type="button"
          className="button button--danger"
          disabled={isBusy}
          onClick={async () => {
            await cancel().unwrap().catch(() => null);
            setAsking(false);
          }}
        >
          {t('billingTab.confirmCancel')}
        </button>
        <button type="button" className="button button--ghost" autoFocus onClick={() => setAsking(false)}>
          {t('billingTab.keep')}
        </button>
      </div>
    </div>
  );
}
