import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiProblem } from '../../app/api-error';
import { useVerifyEmailCodeMutation } from '../../app/session.api';
import { CODE_LENGTH, CodeInput } from '../../components/CodeInput';

const VERIFIED_KEY = 'ferry.verifiedSender';
/** The server's verification ticket (the ferry_ev cookie) lasts 24 hours. */
const VERIFIED_FOR_MS = 24 * 3600 * 1000;
export const RESEND_LOCK_MS = 2_000;

/** Whether this browser verified `email` for sending in the last 24 hours (the cookie itself is HttpOnly). */
export function isSenderVerified(email: string, now = Date.now()): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(VERIFIED_KEY) ?? 'null') as { email: string; at: number } | null;
    return stored !== null && stored.email === email.trim().toLowerCase() && now - stored.at < VERIFIED_FOR_MS;
  } catch {
    return false;
  }
}

export function rememberVerifiedSender(email: string, now = Date.now()): void {
  try {
    localStorage.setItem(VERIFIED_KEY, JSON.stringify({ email: email.trim().toLowerCase(), at: now }));
  } catch {
    // not remembered: the next send asks again
  }
}

interface VerifyStepProps {
  email: string;
  onVerified: () => void;
  onResend: () => Promise<void>;
  onBack: () => void;
}

/**
 * 'Verify your email': the 5-digit code sent to the sender, auto-submitted when complete;
 * a wrong code shakes the box; 'Resend code' is locked for 2 s after each use.
 */
export function VerifyStep({ email, onVerified, onResend, onBack }: VerifyStepProps) {
  const { t } = useTranslation('send');
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resendLocked, setResendLocked] = useState(false);
  const [verify, { isLoading }] = useVerifyEmailCodeMutation();

  useEffect(() => {
    if (!resendLocked) return;
    const timer = setTimeout(() => setResendLocked(false), RESEND_LOCK_MS);
    return () => clearTimeout(timer);
  }, [resendLocked]);

  async function submit(value = code) {
    if (value.length !== CODE_LENGTH || isLoading) return;
    setWrong(false);
    setError(null);
    try {
      await verify({ email, code: value, purpose: 'send' }).unwrap();
      rememberVerifiedSender(email);
      onVerified();
    } catch (e) {
      const problem = apiProblem(e);
      setWrong(true);
      setError(problem.code === 'TOO_MANY_ATTEMPTS' ? t('verify.tooMany') : t('verify.wrong'));
    }
  }

  return (
    <form
      className="verify-step"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <button type="button" className="icon-button verify-step__back" aria-label={t('verify.back')} onClick={onBack}>
        ←
      </button>
      <h2>{t('verify.title')}</h2>
      <p>{t('verify.sentTo', { email })}</p>
      <CodeInput
        value={code}
        onChange={(next) => {
          setCode(next);
          setWrong(false);
        }}
        onComplete={(full) => void submit(full)}
        label={t('verify.codeLabel')}
        digitLabel={(n) => t('verify.digit', { n })}
        invalid={wrong}
        autoFocus
      />
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <p className="hint">{t('verify.spam')}</p>
      <div className="row">
        <button
          type="button"
          className="link-button"
          disabled={resendLocked}
          onClick={() => {
            setResendLocked(true);
            void onResend();
          }}
        >
          {resendLocked ? <span className="spinner" aria-label={t('verify.resending')} /> : t('verify.resend')}
        </button>
        <button type="submit" className="button" disabled={code.length !== CODE_LENGTH || isLoading}>
          {t('verify.submit')}
        </button>
      </div>
    </form>
  );
}
