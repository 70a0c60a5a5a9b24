import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TUser } from '@ferry/contracts';
import { api } from '../../../app/api';
import { apiProblem } from '../../../app/api-error';
import { signedOut } from '../../../app/session.slice';
import { useAppDispatch } from '../../../app/store';
import { showToast } from '../../../components/toasts';
import { PasswordField } from '../../auth/PasswordField';
import { useRequestAccountDeletionMutation } from './lifecycle.api';
import { lifecycleErrorKey } from './lifecycle-errors';
import { LifecycleError } from './LifecycleError';

/** How long the notice after a deletion request stays (it carries the date to remember). */
const NOTICE_MS = 15_500;

/** Delete account: a confirmation with the password, then 14 days in which logging in cancels it. */
export function DeleteAccountSection({ user }: { user: TUser }) {
  const { t, i18n } = useTranslation('account');
  const [isConfirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [requestDeletion, { isLoading }] = useRequestAccountDeletionMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const openRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  function close() {
    setConfirming(false);
    setPassword('');
    setErrorKey(null);
    setTimeout(() => openRef.current?.focus(), 0);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrorKey(null);
    try {
      const { deletionDueAt } = await requestDeletion({ password, lang: i18n.language === 'zh' ? 'zh' : 'en' }).unwrap();
      const date = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long' }).format(new Date(deletionDueAt));
      showToast({ title: t('lifecycle.delete.scheduled', { date }), message: t('lifecycle.delete.loginCancels'), kind: 'info', ms: NOTICE_MS });
      dispatch(api.util.resetApiState());
      dispatch(signedOut());
      void navigate(`/login?user=${encodeURIComponent(user.email)}`, { replace: true });
    } catch (error) {
      setErrorKey(lifecycleErrorKey(apiProblem(error)));
    }
  }

  return (
    <section className="dash-card lifecycle-card lifecycle-card--danger" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('lifecycle.delete.title')}</h3>
      <p>{t('lifecycle.delete.intro')}</p>
      {user.isTeamMember ? null : <p className="hint">{t('lifecycle.delete.team')}</p>}
      {isConfirming ? (
        <form className="lifecycle-form" onSubmit={(e) => void onSubmit(e)} aria-label={t('lifecycle.delete.confirmTitle')}>
          <p className="lifecycle-warning">
            <strong>{t('lifecycle.delete.confirmTitle')}</strong> {t('lifecycle.delete.confirmText')}
          </p>
          <PasswordField label={t('lifecycle.delete.password')} value={password} onChange={setPassword} autoComplete="current-password" name="delete-password" autoFocus />
          <div className="lifecycle-actions">
            <button type="submit" className="button button--danger" disabled={isLoading || password.length === 0}>
              {t('lifecycle.delete.confirm')}
            </button>
            <button type="button" className="button button--ghost" onClick={close}>
              {t('lifecycle.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button ref={openRef} type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          {t('lifecycle.delete.open')}
        </button>
      )}
      <LifecycleError errorKey={errorKey} />
    </section>
  );
}
