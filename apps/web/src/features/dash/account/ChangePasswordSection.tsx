import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiProblem } from '../../../app/api-error';
import { showToast } from '../../../components/toasts';
import { PasswordField } from '../../auth/PasswordField';
import { useChangePasswordMutation } from './lifecycle.api';
import { lifecycleErrorKey } from './lifecycle-errors';
import { LifecycleError } from './LifecycleError';

const PASSWORD_MIN = 6;

/** Change password: the current one is required; every other session ends, this one stays. */
export function ChangePasswordSection() {
  const { t } = useTranslation('account');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const titleId = useId();
  const isTooShort = next.length > 0 && next.length < PASSWORD_MIN;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrorKey(null);
    try {
      await changePassword({ currentPassword: current, newPassword: next }).unwrap();
      showToast({ title: t('lifecycle.password.changed'), message: t('lifecycle.password.othersEnded'), kind: 'success' });
      setCurrent('');
      setNext('');
    } catch (error) {
      setErrorKey(lifecycleErrorKey(apiProblem(error)));
    }
  }

  return (
    <section className="dash-card lifecycle-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('lifecycle.password.title')}</h3>
      <form className="lifecycle-form" onSubmit={(e) => void onSubmit(e)}>
        <PasswordField label={t('lifecycle.password.current')} value={current} onChange={setCurrent} autoComplete="current-password" name="current-password" />
        <PasswordField
          label={t('lifecycle.password.new')}
          value={next}
          onChange={setNext}
          autoComplete="new-password"
          name="new-password"
          hint={t('lifecycle.password.hint')}
          error={isTooShort ? t('lifecycle.password.tooShort') : undefined}
        />
        <button type="submit" className="button" disabled={isLoading || current.length === 0 || next.length < PASSWORD_MIN}>
          {t('lifecycle.password.submit')}
        </button>
      </form>
      <LifecycleError errorKey={errorKey} />
    </section>
  );
}
