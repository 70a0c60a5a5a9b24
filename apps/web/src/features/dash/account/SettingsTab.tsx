import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUEST_EXPIRY_DAY_CHOICES, type TUser, type TUserSettings } from '@ferry/contracts';
import { expiryChoicesFor } from '@ferry/plans';
import { apiProblem } from '../../../app/api-error';
import { showToast } from '../../../components/toasts';
import { ApiTokensSection } from './ApiTokensSection';
import { useSettingsQuery, useUpdateSettingsMutation } from './settings.api';

type TransferSwitch = 'passwordOn' | 'mailOnDownload' | 'remindRecipients';

function Switch({ id, label, hint, checked, onChange }: { id: string; label: string; hint?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="settings-switch">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** The form once the settings are loaded: transfer settings and request settings, saved together. */
function SettingsForm({ user, saved }: { user: TUser; saved: TUserSettings }) {
  const { t } = useTranslation(['account', 'send', 'inbox']);
  const base = useId();
  const [form, setForm] = useState(saved);
  const [updateSettings, { isLoading }] = useUpdateSettingsMutation();
  useEffect(() => setForm(saved), [saved]);
  const transfer = form.transferSettings;
  const request = form.requestSettings;
  const setTransfer = (patch: Partial<TUserSettings['transferSettings']>) => setForm({ ...form, transferSettings: { ...transfer, ...patch } });
  const setRequest = (patch: Partial<TUserSettings['requestSettings']>) => setForm({ ...form, requestSettings: { ...request, ...patch } });
  const expiryChoices = expiryChoicesFor(user.role).filter((choice) => !choice.isCustomDate);
  const isLimited = expiryChoices.some((choice) => !choice.isEnabled);
  const transferSwitch = (name: TransferSwitch) => (
    <Switch
      id={`${base}-${name}`}
      label={t(`settings.transfers.${name}`)}
      hint={t(`settings.transfers.${name}Hint`)}
      checked={transfer[name]}
      onChange={(checked) => setTransfer({ [name]: checked })}
    />
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await updateSettings(form).unwrap();
      showToast({ title: t('settings.saved'), kind: 'success' });
    } catch (error) {
      showToast({ title: t('settings.notSaved'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  return (
    <form className="dash-card account-form settings-form" onSubmit={(e) => void onSubmit(e)}>
      <fieldset className="settings-form__group">
        <legend>{t('settings.transfers.title')}</legend>
        <p className="hint">{t('settings.transfers.intro')}</p>
        <div className="field">
          <label htmlFor={`${base}-transfer-expiry`}>{t('settings.transfers.expiry')}</label>
          <select id={`${base}-transfer-expiry`} value={transfer.expirySeconds} onChange={(e) => setTransfer({ expirySeconds: Number(e.target.value) })}>
            {expiryChoices.map((choice) => (
              <option key={choice.seconds} value={choice.seconds} disabled={!choice.isEnabled}>
                {t(`send:expiry.${choice.name}`)}
              </option>
            ))}
          </select>
          {isLimited ? <span className="hint">{t('settings.transfers.expiryPremium')}</span> : null}
        </div>
        {transferSwitch('passwordOn')}
        {transferSwitch('mailOnDownload')}
        {transferSwitch('remindRecipients')}
      </fieldset>
      <fieldset className="settings-form__group">
        <legend>{t('settings.requests.title')}</legend>
        <p className="hint">{t('settings.requests.intro')}</p>
        <div className="field">
          <label htmlFor={`${base}-request-expiry`}>{t('settings.requests.expiry')}</label>
          <select
            id={`${base}-request-expiry`}
            value={request.expiryDays ?? 0}
            onChange={(e) => setRequest({ expiryDays: Number(e.target.value) === 0 ? null : Number(e.target.value) })}
          >
            <option value={0}>{t('inbox:requests.expiryNever')}</option>
            {REQUEST_EXPIRY_DAY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {t('inbox:requests.expiryDays', { count: days })}
              </option>
            ))}
          </select>
        </div>
        <Switch id={`${base}-mailOnArrival`} label={t('settings.requests.mailOnArrival')} checked={request.mailOnArrival} onChange={(checked) => setRequest({ mailOnArrival: checked })} />
      </fieldset>
      <button type="submit" className="button" disabled={isLoading}>
        {t('settings.save')}
      </button>
    </form>
  );
}

/** Settings: the defaults of new transfers and requests, and which mails go out (`GET`/`PATCH /me/settings`). */
export function SettingsTab({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const { data, isError } = useSettingsQuery();
  return (
    <div className="settings-tab">
      {data ? <SettingsForm user={user} saved={data} /> : <p className="dash-card dash-empty">{isError ? t('settings.loadFailed') : t('settings.loading')}</p>}
      <ApiTokensSection />
    </div>
  );
}
