import type { TUser } from '@ferry/contracts';
import { parsePlanCode, type TPlanCode } from '@ferry/plans';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * After the account exists: the chosen plan and where card checkout goes. Billing is not built
 * yet, so the page says so plainly instead of showing a checkout that cannot work.
 */
export function RegisterDone({ user, planCode, titleId }: { user: TUser; planCode: TPlanCode; titleId: string }) {
  const { t } = useTranslation('auth');
  const plan = parsePlanCode(planCode);
  const isPaid = plan !== null && plan.period !== null;
  const name = user.fullName?.trim().split(/\s+/)[0] ?? '';
  return (
    <div className="register-done">
      <h1 id={titleId}>{name ? t('done.titleNamed', { name }) : t('done.title')}</h1>
      <p className="lead">{t('done.lead', { email: user.email })}</p>
      <section className="checkout-placeholder" aria-labelledby={`${titleId}-checkout`}>
        <h2 id={`${titleId}-checkout`}>{t('done.checkoutTitle')}</h2>
        {isPaid ? (
          <>
            <p>{t('done.checkoutLater', { plan: t(`plan.roles.${plan.role}`) })}</p>
            <p className="hint">{t('done.noCharge')}</p>
          </>
        ) : (
          <p>{t('done.freeNoCard')}</p>
        )}
      </section>
      <Link className="button" to="/dash">
        {t('done.continue')}
      </Link>
    </div>
  );
}
