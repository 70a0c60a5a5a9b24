import type { TUser } from '@ferry/contracts';
import { DEFAULT_PLAN_CODE, parsePlanCode, type TPlanCode } from '@ferry/plans';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { allowedStep, parseStep, type RegisterStep } from './register-steps';
import { RegisterDetailsStep } from './RegisterDetailsStep';
import { RegisterDone } from './RegisterDone';
import { RegisterEmailStep } from './RegisterEmailStep';
import { clearRegistration, readRegistration, saveRegistration, type Registration } from './registration-storage';
import { SelectedPlan } from './SelectedPlan';
import { VerifyCodeForm } from './VerifyCodeForm';
import './auth.css';

const STEP_KEYS = ['steps.email', 'steps.verify', 'steps.account'] as const;

/**
 * /register?step=1|2|3&plan=: work email -> 5-digit code -> account details, then the plan and
 * checkout. The step comes from the query and is forced back when its prerequisites are missing.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const planCode: TPlanCode = parsePlanCode(params.get('plan'))?.code ?? DEFAULT_PLAN_CODE;
  const requested = parseStep(params.get('step'));
  const [registration, setRegistration] = useState<Registration | null>(readRegistration);
  const [account, setAccount] = useState<TUser | null>(null);

  const step = account ? 3 : allowedStep(requested, registration);
  if (step !== requested) return <Navigate to={`/register?step=${step}&plan=${planCode}`} replace />;

  function goTo(next: RegisterStep) {
    setParams({ step: String(next), plan: planCode });
  }

  function remember(next: Registration) {
    saveRegistration(next);
    setRegistration(next);
  }

  let content;
  if (account) {
    content = <RegisterDone user={account} planCode={planCode} titleId={titleId} />;
  } else if (step === 1) {
    content = (
      <>
        <h1 id={titleId}>{t('register.title')}</h1>
        <p className="lead">{t('register.lead')}</p>
        <RegisterEmailStep
          registration={registration}
          onCodeSent={(email) => {
            remember({ email, isEmailVerified: false });
            goTo(2);
          }}
          onAlreadyVerified={() => goTo(3)}
        />
        <p className="auth-card__aside">
          {t('register.haveAccount')} <Link to="/login">{t('register.logIn')}</Link>
        </p>
      </>
    );
  } else if (step === 2 && registration) {
    content = (
      <>
        <h1 id={titleId}>{t('verify.title')}</h1>
        <p className="lead">
          <Trans t={t} i18nKey="verify.lead" values={{ email: registration.email }} components={{ strong: <strong /> }} />
        </p>
        <VerifyCodeForm
          email={registration.email}
          incorrectKey="errors.codeIncorrect"
          onVerified={() => {
            remember({ email: registration.email, isEmailVerified: true });
            goTo(3);
          }}
        />
        <p className="auth-card__aside">
          <button type="button" className="link-button" onClick={() => goTo(1)}>
            {t('verify.changeEmail')}
          </button>
        </p>
      </>
    );
  } else if (registration) {
    content = (
      <>
        <h1 id={titleId}>{t('details.title')}</h1>
        <RegisterDetailsStep
          email={registration.email}
          planCode={planCode}
          onCreated={(user) => {
            clearRegistration();
            setAccount(user);
          }}
          onVerificationLost={() => {
            remember({ email: registration.email, isEmailVerified: false });
            goTo(1);
          }}
        />
      </>
    );
  }

  return (
    <main className="page register">
      <div className="register__grid">
        <section className="card auth-card register__main" aria-labelledby={titleId}>
          <ol className="register-steps" aria-label={t('steps.label')}>
            {STEP_KEYS.map((key, index) => (
              <li
                key={key}
                className={index + 1 === step ? 'is-current' : index + 1 < step ? 'is-done' : undefined}
                aria-current={index + 1 === step ? 'step' : undefined}
              >
                <span className="register-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span>{t(key)}</span>
              </li>
            ))}
          </ol>
          <p className="visually-hidden">{t('steps.progress', { step, total: STEP_KEYS.length })}</p>
          {content}
        </section>
        <aside className="register__aside">
          <SelectedPlan planCode={planCode} canChange={!account} />
          <figure className="testimonial">
            <blockquote>
              <p>{t('testimonial.quote')}</p>
            </blockquote>
            <figcaption>{t('testimonial.by')}</figcaption>
          </figure>
        </aside>
      </div>
      <p className="register__legal">
        <Trans
          t={t}
          i18nKey="register.legal"
          components={{ terms: <Link to="/support?article=terms" />, privacy: <Link to="/support?article=privacy" /> }}
        />
      </p>
    </main>
  );
}
