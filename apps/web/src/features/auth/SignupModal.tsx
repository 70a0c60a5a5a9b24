import type { TPlanCode } from '@ferry/plans';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiProblem } from '../../app/api-error';
import { useRequestEmailCodeMutation, useSignupMutation } from '../../app/session.api';
import { authErrorKey } from './auth-errors';
import { isValidEmail, normalizeEmail, PASSWORD_MIN_LENGTH } from './email-rules';
import { PasswordField } from './PasswordField';
import { useLang } from './use-lang';
import { useShake } from './use-shake';
import { VerifyCodeForm } from './VerifyCodeForm';
import './auth.css';
import { AuthError, SubmitButton } from './AuthFormParts';

export type SignupModalVariant = 'default' | 'savedQuickSend';

export interface SignupModalProps {
  onClose: () => void;
  /** `savedQuickSend`: opened from 'Create Account' after an anonymous quick send. */
  variant?: SignupModalVariant;
  /** Prefills the email (e.g. the sender email of the quick send). */
  defaultEmail?: string;
  /** The package the account starts on; Free unless told. */
  plan?: TPlanCode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The signup modal: step 1 email and password, step 2 the emailed code; the account is created
 * once the code is accepted, then the dashboard. Render it to open it; `onClose` removes it.
 */
export function SignupModal({ onClose, variant = 'default', defaultEmail = '', plan = 'Free' }: SignupModalProps) {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const navigate = useNavigate();
  const titleId = useId();
  const emailId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [isPasswordTouched, setPasswordTouched] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [requestCode, { isLoading: isRequesting }] = useRequestEmailCodeMutation();
  const [signup, { isLoading: isSigningUp }] = useSignupMutation();
  const { shakeClass, shake, onAnimationEnd } = useShake();

  const address = normalizeEmail(email);
  const isPasswordValid = password.length >= PASSWORD_MIN_LENGTH;
  const canContinue = isValidEmail(email) && isPasswordValid && !isRequesting;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.querySelector<HTMLElement>('input')?.focus();
    return () => opener?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep focus inside the dialog while it is open.
    const items = [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  async function onContinue(event: FormEvent) {
    event.preventDefault();
    setPasswordTouched(true);
    if (!canContinue) {
      shake();
      return;
    }
    setErrorKey(null);
    try {
      await requestCode({ email: address, purpose: 'register', lang }).unwrap();
      setStep(2);
    } catch (error) {
      const problem = apiProblem(error);
      if (problem.code === 'RESEND_TOO_SOON') {
        setStep(2);
        return;
      }
      setErrorKey(authErrorKey(problem));
      shake();
    }
  }

  async function createAccount() {
    setErrorKey(null);
    try {
      await signup({ email: address, password, plan, lang }).unwrap();
      onClose();
      navigate('/dash');
    } catch (error) {
      setErrorKey(authErrorKey(apiProblem(error)));
      shake();
    }
  }

  const errorLine = (
    <AuthError message={errorKey ? t(errorKey) : null}>
      {errorKey === 'errors.emailTaken' ? (
        <>
          {' '}
          <Link to={`/login?user=${encodeURIComponent(address)}`} onClick={onClose}>
            {t('register.signIn')}
          </Link>
        </>
      ) : null}
    </AuthError>
  );

  return (
    <div className="signup-modal" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className={`card signup-modal__dialog ${shakeClass}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        onAnimationEnd={onAnimationEnd}
      >
        <button type="button" className="signup-modal__close" aria-label={t('modal.close')} onClick={onClose}>
          ×
        </button>
        {step === 1 ? (
          <>
            <h2 id={titleId}>{t(`modal.${variant}.title`)}</h2>
            <p className="hint">{t(`modal.${variant}.lead`)}</p>
            <form onSubmit={onContinue} noValidate>
              <div className="field">
                <label htmlFor={emailId}>{t('register.email')}</label>
                <input
                  id={emailId}
                  type="email"
                  name="email"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    setErrorKey(null);
                  }}
                />
              </div>
              <PasswordField
                label={t('register.password')}
                value={password}
                onChange={setPassword}
                onBlur={() => setPasswordTouched(password.length > 0)}
                autoComplete="new-password"
                name="password"
                error={isPasswordTouched && !isPasswordValid ? t('errors.passwordShort') : null}
                hint={t('register.passwordHint')}
              />
              {errorLine}
              <SubmitButton disabled={!canContinue} loading={isRequesting}>
                {t('modal.continue')}
              </SubmitButton>
            </form>
            <p className="hint signup-modal__legal">
              <Trans
                t={t}
                i18nKey="register.legal"
                components={{
                  terms: <Link to="/support?article=terms" onClick={onClose} />,
                  privacy: <Link to="/support?article=privacy" onClick={onClose} />,
                }}
              />
            </p>
          </>
        ) : (
          <>
            <button type="button" className="link-button signup-modal__back" onClick={() => setStep(1)}>
              <span aria-hidden="true">← </span>
              {t('modal.back')}
            </button>
            <h2 id={titleId}>{t('verify.title')}</h2>
            <p className="hint">
              <Trans t={t} i18nKey="verify.lead" values={{ email: address }} components={{ strong: <strong /> }} />
            </p>
            <VerifyCodeForm email={address} incorrectKey="errors.codeIncorrectModal" onVerified={() => void createAccount()} isBusy={isSigningUp} />
            {errorLine}
          </>
        )}
      </div>
    </div>
  );
}
