import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/store';
import { AuthError } from '../auth/AuthFormParts';
import { useLifetimeRedeem } from './use-lifetime-redeem';

/** The lifetime-deal page's code form for a signed-in admin; a visitor is asked to log in or register first. */
export function LifetimeRedeemForm() {
  const { t } = useTranslation('marketing');
  const id = useId();
  const isSignedIn = useAppSelector((s) => s.session.status === 'signedIn');
  const [code, setCode] = useState('');
  const [{ step, errorKey }, redeem] = useLifetimeRedeem();

  if (!isSignedIn) {
    return (
      <div className="lifetime-redeem">
        <p>{t('lifetime.form.signInFirst')}</p>
        <div className="hero__actions">
          <Link className="button button--large" to="/register?plan=Free">
            {t('lifetime.createAccount')}
          </Link>
          <Link className="button button--large button--ghost" to="/login" state={{ from: '/lifetime-deal' }}>
            {t('lifetime.form.logIn')}
          </Link>
        </div>
      </div>
    );
  }
  if (step === 'done') {
    return (
      <div className="lifetime-redeem" role="status">
        <p className="lifetime-redeem__done">{t('lifetime.form.done')}</p>
        <Link className="button button--large" to="/dash">
          {t('lifetime.form.toDashboard')}
        </Link>
      </div>
    );
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    if (code.trim()) void redeem(code.trim());
  }
  return (
    <form className="lifetime-redeem" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{t('lifetime.form.label')}</label>
        <input
          id={id}
          name="code"
          autoComplete="off"
          maxLength={64}
          placeholder="LTD-XXXX-XXXX-XXXX"
          value={code}
          aria-invalid={errorKey ? true : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <AuthError message={errorKey ? t(errorKey) : null} />
      <button type="submit" className="button button--large" disabled={step === 'busy' || !code.trim()}>
        {step === 'busy' ? <span className="spinner" aria-hidden="true" /> : null}
        {t('lifetime.form.submit')}
      </button>
    </form>
  );
}
