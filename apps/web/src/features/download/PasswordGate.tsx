import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The password form of a protected transfer; the password stays in the page's memory only. */
export function PasswordGate({
  isChecking,
  isIncorrect,
  lead,
  waitSeconds,
  onSubmit,
}: {
  isChecking: boolean;
  isIncorrect: boolean;
  /** Too many wrong passwords: how long the server asks to wait before the next try. */
  waitSeconds?: number;
  /** What the form is for, when it is not opening the transfer (asking for more time). */
  lead?: string;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation('download');
  const [value, setValue] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [shownAttempt, setShownAttempt] = useState(0);
  const inputId = useId();
  const errorId = useId();
  const titleId = useId();

  // Each wrong answer shakes the box once.
  useEffect(() => {
    if (isIncorrect) setShownAttempt(attempt);
  }, [isIncorrect, attempt]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value || isChecking) return;
    setAttempt((n) => n + 1);
    onSubmit(value);
  }

  return (
    <section className="card download-gate" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('download.password.title')}</h1>
      <p className="lead">{lead ?? t('download.password.lead')}</p>
      <form key={shownAttempt} className={isIncorrect && shownAttempt > 0 ? 'shake' : undefined} onSubmit={submit} noValidate>
        <div className={`field${isIncorrect ? ' field--invalid' : ''}`}>
          <label htmlFor={inputId}>{t('download.password.label')}</label>
          <input
            id={inputId}
            type="password"
            autoComplete="off"
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={isIncorrect}
            aria-describedby={isIncorrect ? errorId : undefined}
          />
          {isIncorrect ? (
            <p id={errorId} className="error-text" role="alert">
              {t('download.password.incorrect')}
            </p>
          ) : null}
          {waitSeconds !== undefined ? (
            <p className="error-text" role="alert">
              {waitSeconds < 120
                ? t('download.password.tooManySeconds', { n: waitSeconds })
                : t('download.password.tooManyMinutes', { n: Math.ceil(waitSeconds / 60) })}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={!value || isChecking}>
          {isChecking ? t('download.password.checking') : t('download.password.submit')}
        </button>
      </form>
    </section>
  );
}
