import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiProblem } from '../../app/api-error';
import { useRequestEmailCodeMutation } from '../../app/session.api';
import { authErrorKey } from './auth-errors';
import { isValidEmail, normalizeEmail } from './email-rules';
import type { Registration } from './registration-storage';
import { useLang } from './use-lang';
import { useShake } from './use-shake';
import { AuthError, SubmitButton } from './AuthFormParts';

interface RegisterEmailStepProps {
  registration: Registration | null;
  /** A code went to this (lower-cased) email: on to step 2. */
  onCodeSent: (email: string) => void;
  /** This browser already verified this email in this session: straight to step 3. */
  onAlreadyVerified: () => void;
}

/** Step 1: the work email, which gets a 5-digit code (purpose `register`). */
export function RegisterEmailStep({ registration, onCodeSent, onAlreadyVerified }: RegisterEmailStepProps) {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const id = useId();
  const [email, setEmail] = useState(registration?.email ?? '');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const [requestCode, { isLoading }] = useRequestEmailCodeMutation();
  const { shakeClass, shake, onAnimationEnd } = useShake();
  const inputRef = useRef<HTMLInputElement>(null);
  const canSubmit = isValidEmail(email) && !isLoading;

  function fail(key: string) {
    setErrorKey(key);
    shake();
    inputRef.current?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) {
      shake();
      return;
    }
    const address = normalizeEmail(email);
    setErrorKey(null);
    setTakenEmail(null);
    if (registration?.email === address && registration.isEmailVerified) {
      onAlreadyVerified();
      return;
    }
    try {
      await requestCode({ email: address, purpose: 'register', lang }).unwrap();
      onCodeSent(address);
    } catch (error) {
      const problem = apiProblem(error);
      // A code went out a moment ago (a double submit): it is in the inbox, carry on.
      if (problem.code === 'RESEND_TOO_SOON') {
        onCodeSent(address);
        return;
      }
      if (problem.code === 'EMAIL_TAKEN') setTakenEmail(address);
      fail(authErrorKey(problem));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && !canSubmit) shake();
  }

  return (
    <form onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
      <div className={`field ${errorKey ? 'field--invalid' : ''} ${shakeClass}`} onAnimationEnd={onAnimationEnd}>
        <label htmlFor={id}>{t('register.email')}</label>
        <input
          id={id}
          ref={inputRef}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          autoFocus
          value={email}
          aria-invalid={errorKey ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrorKey(null);
          }}
        />
        <span id={`${id}-note`} className="hint">
          {t('register.emailHint')}
        </span>
      </div>
      <AuthError message={errorKey ? t(errorKey) : null}>
        {takenEmail ? (
          <>
            {' '}
            <Link to={`/login?user=${encodeURIComponent(takenEmail)}`}>{t('register.signIn')}</Link>
          </>
        ) : null}
      </AuthError>
      <SubmitButton disabled={!canSubmit} loading={isLoading}>
        {t('register.continue')}
      </SubmitButton>
    </form>
  );
}
