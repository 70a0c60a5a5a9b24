import type { TUser } from '@ferry/contracts';
import type { TPlanCode } from '@ferry/plans';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paidPlanCode } from '../billing/paid-plan';
import { TrialCheckout } from '../billing/TrialCheckout';

/** After the account exists: a paid plan takes the card for its 7-day trial; Free goes on to the dashboard. */
export function RegisterDone({ user, planCode, titleId }: { user: TUser; planCode: TPlanCode; titleId: string }) {
  const { t } = useTranslation('auth');
  const paid = paidPlanCode(planCode);
  const name = user.fullName?.trim().split(/\s+/)[0] ?? '';
  return (
    <div className="register-done">
      <h1 id={titleId}>{name ? t('done.titleNamed', { name }) : t('done.title')}</h1>
      <p className="lead">{t('done.lead', { email: user.email })}</p>
      {paid ? (
        <TrialCheckout planCode={paid} titleId={`${titleId}-checkout`} />
      ) : (
        <>
          <section className="checkout-placeholder" aria-labelledby={`${titleId}-checkout`}>
            <h2 id={`${titleId}-checkout`}>{t('done.checkoutTitle')}</h2>
            <p>{t('done.freeNoCard')}</p>
          </section>
          <Link className="button" to="/dash">
            {t('done.continue')}
          </Link>
        </>
      )}
    </div>
  );
}
