import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../app/PageStates';
import { apiProblem } from '../../app/api-error';
import { useCheckResetTokenQuery, useResetPasswordMutation } from '../../app/session.api';
import { authErrorKey } from './auth-errors';
import { PASSWORD_MIN_LENGTH } from './email-rules';
import { PasswordField } from './PasswordField';
import { takeResetEmail } from './reset-email-storage';
import { useShake } from './use-shake';
import './auth.css';
import { AuthError, SubmitButton } from './AuthFormParts';

/**
 * /updatepassword?t=: the token is checked first (202 allows the reset, anything else does not);
 * then a new password, confirmed, and a way to log in with it.
 */
export default function UpdatePasswordPage() {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const check = useCheckResetTokenQuery(token, { skip: token === '', refetchOnMountOrArgChange: true });
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [isTouched, setTouched] = useState(false);
  const [isConfirmTouched, setConfirmTouched] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const [loginEmail, setLoginEmail] = useState<string | null>(null);
  const { shakeClass, shake, onAnimationEnd } = useShake();

  const isPasswordValid = password.length >= PASSWORD_MIN_LENGTH;
  const isConfirmed = confirm === password;
  const canSubmit = isPasswordValid && isConfirmed && !isLoading;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setConfirmTouched(true);
    if (!canSubmit) {
      shake();
      return;
    }
    setErrorKey(null);
    try {
      await resetPassword({ token, password }).unwrap();
      setLoginEmail(takeResetEmail());
      setDone(true);
    } catch (error) {
      setErrorKey(authErrorKey(apiProblem(error)));
      shake();
    }
  }

  let content;
  if (token !== '' && (check.isLoading || check.isFetching)) {
    return <PageLoading />;
  } else if (isDone) {
    content = (
      <>
        <h1 id={titleId}>{t('reset.doneTitle')}</h1>
        <p role="status">{t('reset.doneMessage')}</p>
        <Link className="button" to={loginEmail ? `/login?user=${encodeURIComponent(loginEmail)}` : '/login'}>
          {t('reset.logIn')}
        </Link>
      </>
    );
  } else if (token === '' || check.isError || check.data !== true || errorKey === 'errors.resetInvalid') {
    content = (
      <>
        <h1 id={titleId}>{t('reset.invalidTitle')}</h1>
        <p>{t('reset.invalidMessage')}</p>
        <Link className="button" to="/login?forgotPass=1">
          {t('reset.requestNew')}
        </Link>
      </>
    );
  } else {
    content = (
      <>
        <h1 id={titleId}>{t('reset.title')}</h1>
        <p className="hint">{t('reset.lead')}</p>
        <form
          onSubmit={onSubmit}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !canSubmit && e.target instanceof HTMLInputElement) {
              setTouched(true);
              setConfirmTouched(true);
              shake();
            }
          }}
          noValidate
        >
          <PasswordField
            label={t('reset.password')}
            value={password}
            onChange={setPassword}
            onBlur={() => setTouched(password.length > 0)}
            autoComplete="new-password"
            name="password"
            autoFocus
            error={isTouched && !isPasswordValid ? t('errors.passwordShort') : null}
            hint={t('register.passwordHint')}
          />
          <PasswordField
            label={t('reset.confirm')}
            value={confirm}
            onChange={setConfirm}
            onBlur={() => setConfirmTouched(confirm.length > 0)}
            autoComplete="new-password"
            name="confirm"
            error={isConfirmTouched && !isConfirmed ? t('errors.passwordMismatch') : null}
          />
          <AuthError message={errorKey ? t(errorKey) : null} />
          <SubmitButton disabled={!canSubmit} loading={isLoading}>
            {t('reset.submit')}
          </SubmitButton>
        </form>
      </>
    );
  }

  return (
    <main className="page auth-page">
      <section className={`card auth-card ${shakeClass}`} aria-labelledby={titleId} onAnimationEnd={onAnimationEnd}>
        {content}
      </section>
    </main>
  );
}
