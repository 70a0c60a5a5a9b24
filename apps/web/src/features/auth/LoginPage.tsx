import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { apiProblem } from '../../app/api-error';
import { useLoginMutation, useRequestPasswordResetMutation } from '../../app/session.api';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { brandingApi } from '../branding/branding.api';
import { CompanyLogo } from '../branding/CompanyLogo';
import { authErrorKey } from './auth-errors';
import { isValidEmail, normalizeEmail } from './email-rules';
import { PasswordField } from './PasswordField';
import { rememberResetEmail } from './reset-email-storage';
import { useLang } from './use-lang';
import { useShake } from './use-shake';
import { showDeletionCanceled } from './deletion-canceled-notice';
import './auth.css';
import { AuthError, SubmitButton } from './AuthFormParts';

type LoginView = 'login' | 'forgot' | 'sent';

/** Where a guarded page sent the user from (RequireSession passes `{from}`), else the dashboard. */
function destinationOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dash';
}

/**
 * /login and /signup/login: email and password, or (with `?forgotPass`) the forgot-password view.
 * `?user=` prefills the email.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const lang = useLang();
  const [params] = useSearchParams();
  const location = useLocation();
  const isSignedIn = useAppSelector((s) => s.session.status === 'signedIn');
  const [view, setView] = useState<LoginView>(params.has('forgotPass') ? 'forgot' : 'login');
  const [email, setEmail] = useState(params.get('user') ?? '');
  const [password, setPassword] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const [login, { isLoading: isLoggingIn }] = useLoginMutation();
  const [requestReset, { isLoading: isRequesting }] = useRequestPasswordResetMutation();
  const { shakeClass, shake, onAnimationEnd } = useShake();
  const emailRef = useRef<HTMLInputElement>(null);
  const emailId = useId();
  const titleId = useId();

  const isEmailValid = isValidEmail(email);
  const canLogin = isEmailValid && password.length > 0 && !isLoggingIn;
  const canRequest = isEmailValid && !isRequesting;

  // Signed in (just now, or already when the page opened): on to where the user was going.
  if (isSignedIn) return <Navigate to={destinationOf(location.state)} replace />;

  /** Enter in an incomplete form: the disabled button cannot submit, so the box shakes instead. */
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>, canSubmit: boolean) {
    if (event.key === 'Enter' && !canSubmit && event.target instanceof HTMLInputElement) shake();
  }

  function switchTo(next: LoginView) {
    setErrorKey(null);
    setView(next);
    setTimeout(() => emailRef.current?.focus(), 0);
  }

  async function onLogin(event: FormEvent) {
    event.preventDefault();
    if (!canLogin) {
      shake();
      return;
    }
    setErrorKey(null);
    try {
      const session = await login({ email: normalizeEmail(email), password }).unwrap();
      if (session.notice === 'deletion-canceled') void showDeletionCanceled(i18n);
      // This browser remembers the company's logo for its login screen (PRODUCT.md: browser-local).
      dispatch(brandingApi.endpoints.getBranding.initiate(undefined, { subscribe: false, forceRefetch: true }));
    } catch (error) {
      setErrorKey(authErrorKey(apiProblem(error)));
      shake();
    }
  }

  async function onRequestReset(event: FormEvent) {
    event.preventDefault();
    if (!canRequest) {
      shake();
      return;
    }
    setErrorKey(null);
    const address = normalizeEmail(email);
    try {
      await requestReset({ email: address, lang }).unwrap();
      rememberResetEmail(address);
      setView('sent');
    } catch (error) {
      setErrorKey(authErrorKey(apiProblem(error)));
      shake();
    }
  }

  const emailField = (
    <div className="field">
      <label htmlFor={emailId}>{t('login.email')}</label>
      <input
        id={emailId}
        ref={emailRef}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        autoFocus={!email}
        onChange={(e) => setEmail(e.target.value)}
      />
    </div>
  );
  const errorLine = (
    <AuthError message={errorKey ? t(errorKey) : null} />
  );

  return (
    <main className="page auth-page">
      <section className={`card auth-card ${shakeClass}`} aria-labelledby={titleId} onAnimationEnd={onAnimationEnd}>
        <div className="auth-card__logo">
          <CompanyLogo />
        </div>
        {view === 'login' ? (
          <>
            <h1 id={titleId}>{t('login.title')}</h1>
            <form onSubmit={onLogin} onKeyDown={(e) => onKeyDown(e, canLogin)} noValidate>
              {emailField}
              <PasswordField
                label={t('login.password')}
                value={password}
                onChange={setPassword}
                autoComplete="current-password"
                autoFocus={Boolean(email)}
              />
              {errorLine}
              <SubmitButton disabled={!canLogin} loading={isLoggingIn}>
                {t('login.submit')}
              </SubmitButton>
            </form>
            <p className="auth-card__aside">
              <button type="button" className="link-button" onClick={() => switchTo('forgot')}>
                {t('login.forgot')}
              </button>
            </p>
            <p className="auth-card__aside">
              {t('login.noAccount')} <Link to="/pricing">{t('login.signUp')}</Link>
            </p>
          </>
        ) : view === 'forgot' ? (
          <>
            <h1 id={titleId}>{t('forgot.title')}</h1>
            <p className="hint">{t('forgot.lead')}</p>
            <form onSubmit={onRequestReset} onKeyDown={(e) => onKeyDown(e, canRequest)} noValidate>
              {emailField}
              {errorLine}
              <SubmitButton disabled={!canRequest} loading={isRequesting}>
                {t('forgot.submit')}
              </SubmitButton>
            </form>
            <p className="auth-card__aside">
              <button type="button" className="link-button" onClick={() => switchTo('login')}>
                {t('forgot.back')}
              </button>
            </p>
          </>
        ) : (
          <>
            <h1 id={titleId}>{t('forgot.sentTitle')}</h1>
            <p role="status">{t('forgot.sentMessage')}</p>
            <p className="auth-card__aside">
              <button type="button" className="link-button" onClick={() => switchTo('login')}>
                {t('forgot.back')}
              </button>
            </p>
          </>
        )}
      </section>
    </main>
  );
}
