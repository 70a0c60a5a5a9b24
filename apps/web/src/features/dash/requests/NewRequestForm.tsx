import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX, REQUEST_TITLE_MAX, type TCreatedRequest } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { useAppSelector } from '../../../app/store';
import { useSettingsQuery } from '../account/settings.api';
import { useCreateRequestMutation } from './dash-requests.api';
import { DEFAULT_REQUEST_EXPIRY_DAYS, REQUEST_EXPIRY_DAYS, requestExpiryDate, toExpiryDays } from './request-expiry';

/**
 * A new file request: title, message and how long it stays open. The files arrive in the
 * requester's saved storage region (the server takes it from the account), which the form names.
 */
export function NewRequestForm({ onCreated, onCancel }: { onCreated: (created: TCreatedRequest) => void; onCancel: () => void }) {
  const { t } = useTranslation(['inbox', 'marketing']);
  const ids = { title: useId(), message: useId(), expiry: useId() };
  const region = useAppSelector((s) => s.session.user?.region);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [days, setDays] = useState(DEFAULT_REQUEST_EXPIRY_DAYS);
  const [isDaysChosen, setDaysChosen] = useState(false);
  const { data: settings } = useSettingsQuery();
  // The settings tab's default preselects how long the request stays open, until the requester picks.
  useEffect(() => {
    if (settings && !isDaysChosen) setDays(toExpiryDays(String(settings.requestSettings.expiryDays ?? 0)));
  }, [settings, isDaysChosen]);
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateRequestMutation();
  const canCreate = title.trim() !== '' && !isLoading;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canCreate) return;
    setError(null);
    const expiryDate = requestExpiryDate(days, Date.now());
    try {
      const created = await create({ title: title.trim(), ...(message.trim() ? { message: message.trim() } : {}), expiryDate }).unwrap();
      onCreated(created);
    } catch (problem) {
      setError(apiProblem(problem).status === 'network' ? t('requests.offline') : t('requests.createFailed'));
    }
  }

  return (
    <form className="dash-card requests-form" onSubmit={(e) => void submit(e)} aria-label={t('requests.newTitle')}>
      <h2 className="requests-form__title">{t('requests.newTitle')}</h2>
      <div className="field">
        <label htmlFor={ids.title}>{t('requests.titleLabel')}</label>
        <input id={ids.title} value={title} maxLength={REQUEST_TITLE_MAX} required placeholder={t('requests.titlePlaceholder')} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.message}>{t('requests.messageLabel')}</label>
        <textarea id={ids.message} value={message} maxLength={MESSAGE_MAX} rows={3} onChange={(e) => setMessage(e.target.value)} />
        <span className="hint">{t('requests.messageCount', { count: message.length, max: MESSAGE_MAX })}</span>
      </div>
      <div className="field">
        <label htmlFor={ids.expiry}>{t('requests.expiryLabel')}</label>
        <select id={ids.expiry} value={String(days)} onChange={(e) => {
            setDaysChosen(true);
            setDays(toExpiryDays(e.target.value));
          }}>
          {REQUEST_EXPIRY_DAYS.map((choice) => (
            <option key={choice} value={String(choice)}>
              {choice === 0 ? t('requests.expiryNever') : t('requests.expiryDays', { count: choice })}
            </option>
          ))}
        </select>
      </div>
      {region ? <p className="hint">{t('requests.region', { city: t(`marketing:regions.${region}.city`) })}</p> : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="requests-form__actions">
        <button type="submit" className="button" disabled={!canCreate}>
          {t('requests.create')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('requests.cancel')}
        </button>
      </div>
    </form>
  );
}
