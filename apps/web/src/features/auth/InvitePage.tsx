import { ZInviteId } from '@ferry/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { apiProblem } from '../../app/api-error';
import { useAppSelector } from '../../app/store';
import { useAcceptInviteMutation } from './auth.api';
import { authErrorKey } from './auth-errors';
import { PASSWORD_MIN_LENGTH } from './email-rules';
import { PasswordField } from './PasswordField';
import { useShake } from './use-shake';
import './auth.css';
import { AuthError, SubmitButton } from './AuthFormParts';

/**
 * /invite/{id}: the invited person sets a password (and a name) and joins the admin's team; the
 * answer is a session, so the new member lands signed in on the dashboard.
 */
export default function InvitePage() {
  const { t } = useTranslation('auth');
  const { id = '' } = useParams();
  const titleId = useId();
  const nameId = useId();
  const isSignedIn = useAppSelector((s) => s.session.status === 'signedIn');
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [isTouched, setTouched] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [accept, { isLoading }] = useAcceptInviteMutation();
  const [hasJoined, setJoined] = useState(false);
  const { shakeClass, shake, onAnimationEnd } = useShake();

  const isIdValid = ZInviteId.safeParse(id).success;
  const isPasswordValid = password.length >= PASSWORD_MIN_LENGTH;
  const canSubmit = isPasswordValid && !isLoading;

  if (hasJoined && isSignedIn) return <Navigate to="/dash" replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!canSubmit) {
      shake();
      return;
    }
    setErrorKey(null);
    try {
      await accept({ inviteId: id, password, fullName: fullName.trim() || undefined }).unwrap();
      setJoined(true);
    } catch (error) {
      setErrorKey(authErrorKey(apiProblem(error)));
      shake();
    }
  }

  const isDead = !isIdValid || errorKey === 'errors.inviteNotFound';
  return (
    <main className="page auth-page">
      <section className={`card auth-card ${shakeClass}`} aria-labelledby={titleId} onAnimationEnd={onAnimationEnd}>
        {isDead ? (
          <>
            <h1 id={titleId}>{t('invite.invalidTitle')}</h1>
            <p>{t('errors.inviteNotFound')}</p>
            <p className="hint">{t('invite.askAdmin')}</p>
            <Link className="button button--ghost" to="/login">
              {t('invite.logIn')}
            </Link>
          </>
        ) : (
          <>
            <h1 id={titleId}>{t('invite.title')}</h1>
            <p className="hint">{t('invite.lead')}</p>
            <form
              onSubmit={onSubmit}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !canSubmit && e.target instanceof HTMLInputElement) {
                  setTouched(true);
                  shake();
                }
              }}
              noValidate
            >
              <div className="field">
                <label htmlFor={nameId}>{t('invite.fullName')}</label>
                <input id={nameId} name="fullName" autoComplete="name" maxLength={120} value={fullName} autoFocus onChange={(e) => setFullName(e.target.value)} />
              </div>
              <PasswordField
                label={t('invite.password')}
                value={password}
                onChange={setPassword}
                onBlur={() => setTouched(password.length > 0)}
                autoComplete="new-password"
                name="password"
                error={isTouched && !isPasswordValid ? t('errors.passwordShort') : null}
                hint={t('register.passwordHint')}
              />
              <AuthError message={errorKey ? t(errorKey) : null} />
              <SubmitButton disabled={!canSubmit} loading={isLoading}>
                {t('invite.submit')}
              </SubmitButton>
            </form>
          </>
        )}
      </section>
    </main>
  );
}
