import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { CodeInput } from '../../../components/CodeInput';
import { showToast } from '../../../components/toasts';
import { useConfirmEmailChangeMutation, useRequestEmailChangeMutation } from './lifecycle.api';
import { lifecycleErrorKey } from './lifecycle-errors';
import { LifecycleError } from './LifecycleError';
import './lifecycle.css';

/** Change email: a code goes to the new address, and the address changes when it comes back. */
export function ChangeEmailSection({ user }: { user: TUser }) {
  const { t, i18n } = useTranslation('account');
  const [newEmail, setNewEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [requestChange, { isLoading: isSending }] = useRequestEmailChangeMutation();
  const [confirmChange, { isLoading: isConfirming }] = useConfirmEmailChangeMutation();
  const emailId = useId();
  const titleId = useId();

  async function onSend(event: FormEvent) {
    event.preventDefault();
    setErrorKey(null);
    const address = newEmail.trim().toLowerCase();
    try {
      await requestChange({ newEmail: address, lang: i18n.language === 'zh' ? 'zh' : 'en' }).unwrap();
      setSentTo(address);
      setCode('');
    } catch (error) {
      setErrorKey(lifecycleErrorKey(apiProblem(error)));
    }
  }

  async function onConfirm(value: string) {
    if (!sentTo || value.length !== 5) return;
    setErrorKey(null);
    try {
      await confirmChange({ newEmail: sentTo, code: value }).unwrap();
      showToast({ title: t('lifecycle.email.changed', { email: sentTo }), kind: 'success' });
      setSentTo(null);
      setNewEmail('');
      setCode('');
    } catch (error) {
      setErrorKey(lifecycleErrorKey(apiProblem(error)));
      setCode('');
    }
  }

  return (
    <section className="dash-card lifecycle-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('lifecycle.email.title')}</h3>
      <p className="hint">{t('lifecycle.email.current', { email: user.email })}</p>
      {sentTo === null ? (
        <form className="lifecycle-form" onSubmit={(e) => void onSend(e)}>
          <div className="field">
            <label htmlFor={emailId}>{t('lifecycle.email.newLabel')}</label>
            <input id={emailId} type="email" autoComplete="email" inputMode="email" value={newEmail} maxLength={254} onChange={(e) => setNewEmail(e.target.value)} />
          </div>
          <button type="submit" className="button" disabled={isSending || !/^\S+@\S+\.\S+$/.test(newEmail.trim())}>
            {t('lifecycle.email.send')}
          </button>
        </form>
      ) : (
        <form
          className="lifecycle-form"
          onSubmit={(e) => {
            e.preventDefault();
            void onConfirm(code);
          }}
        >
          <p>{t('lifecycle.email.sent', { email: sentTo })}</p>
          <CodeInput
            value={code}
            onChange={setCode}
            onComplete={(value) => void onConfirm(value)}
            label={t('lifecycle.email.codeLabel')}
            digitLabel={(position) => t('lifecycle.email.digit', { position })}
            disabled={isConfirming}
            invalid={errorKey !== null}
            autoFocus
          />
          <div className="lifecycle-actions">
            <button type="submit" className="button" disabled={isConfirming || code.length !== 5}>
              {t('lifecycle.email.confirm')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setSentTo(null)}>
              {t('lifecycle.cancel')}
            </button>
          </div>
        </form>
      )}
      <LifecycleError errorKey={errorKey} />
    </section>
  );
}
