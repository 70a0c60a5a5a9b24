import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiProblem } from '../../app/api-error';
import { useRequestEmailCodeMutation, useVerifyEmailCodeMutation } from '../../app/session.api';
import { CODE_LENGTH, CodeInput } from '../../components/CodeInput';
import { authErrorKey } from './auth-errors';
import { useLang } from './use-lang';
import { AuthError } from './AuthFormParts';

/** Resend code is locked this long after each use (PRODUCT.md section 4). */
export const RESEND_LOCK_MS = 2_000;

interface VerifyCodeFormProps {
  email: string;
  /** The wrong-code message: the register page and the signup modal word it differently (PRODUCT.md section 8). */
  incorrectKey: 'errors.codeIncorrect' | 'errors.codeIncorrectModal';
  onVerified: () => void;
  /** The parent is still busy after the code was accepted (creating the account). */
  isBusy?: boolean;
}

/**
 * The 5-digit code step of registration: auto-submits once 5 digits are typed or pasted, a wrong
 * code clears the boxes, shakes them and says so, Resend code is locked for 2 s with a spinner.
 */
export function VerifyCodeForm({ email, incorrectKey, onVerified, isBusy = false }: VerifyCodeFormProps) {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const [code, setCode] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isResent, setResent] = useState(false);
  const [isResendLocked, setResendLocked] = useState(false);
  const [verify, { isLoading: isVerifying }] = useVerifyEmailCodeMutation();
  const [requestCode] = useRequestEmailCodeMutation();
  const isSubmitting = useRef(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => () => clearTimeout(unlockTimer.current), []);
  // After a wrong code the boxes are fresh: typing starts again in the first one.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector('input')?.focus();
  }, [attempt, isVerifying]);

  async function submit(value: string) {
    if (isSubmitting.current || isBusy || value.length !== CODE_LENGTH) return;
    isSubmitting.current = true;
    setErrorKey(null);
    setResent(false);
    try {
      await verify({ email, code: value, purpose: 'register' }).unwrap();
      onVerified();
    } catch (error) {
      const problem = apiProblem(error);
      setErrorKey(problem.code === 'CODE_INCORRECT' ? incorrectKey : authErrorKey(problem));
      setCode('');
      setAttempt((n) => n + 1);
    } finally {
      isSubmitting.current = false;
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(code);
  }

  function resend() {
    if (isResendLocked) return;
    setResendLocked(true);
    setResent(false);
    unlockTimer.current = setTimeout(() => setResendLocked(false), RESEND_LOCK_MS);
    requestCode({ email, purpose: 'register', lang })
      .unwrap()
      .then(
        () => {
          setErrorKey(null);
          setResent(true);
        },
        (error: unknown) => {
          const problem = apiProblem(error);
          // A code went out moments ago: the user already has it.
          if (problem.code === 'RESEND_TOO_SOON') setResent(true);
          else setErrorKey(authErrorKey(problem));
        },
      );
  }

  const isDisabled = isVerifying || isBusy;
  return (
    <form ref={formRef} className="verify-code" onSubmit={onSubmit} noValidate>
      <CodeInput
        key={attempt}
        value={code}
        onChange={(next) => {
          setCode(next);
          if (next) setErrorKey(null);
        }}
        onComplete={(full) => void submit(full)}
        label={t('code.label')}
        digitLabel={(position) => t('code.digit', { position })}
        disabled={isDisabled}
        invalid={errorKey !== null}
        autoFocus
      />
      <p className="hint">{t('code.spamHint')}</p>
      <AuthError message={errorKey ? t(errorKey) : null} after={isResent ? <p className="hint">{t('code.resent', { email })}</p> : null} />
      <div className="auth-actions">
        <button type="submit" className="button" disabled={isDisabled || code.length !== CODE_LENGTH}>
          {isDisabled ? <span className="spinner" aria-hidden="true" /> : null}
          {t('code.verify')}
        </button>
        <button type="button" className="link-button resend-code" onClick={resend} disabled={isResendLocked} aria-busy={isResendLocked}>
          {isResendLocked ? <span className="spinner spinner--dark" aria-hidden="true" /> : null}
          {t('code.resend')}
        </button>
      </div>
    </form>
  );
}
