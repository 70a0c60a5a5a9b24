import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CUSTOM_EXPIRY_MARKER, CUSTOM_EXPIRY_MAX_MS, CUSTOM_EXPIRY_MIN_MS, expiryNameOf } from '@ferry/plans';
import { useAppSelector } from '../../app/store';
import { useTeamQuery } from './quick-send.api';
import { expiryChoices, type SendAs } from './quick-send-rules';

type Tab = 'link' | 'sharing' | 'expiry' | 'password';
const TABS: Tab[] = ['link', 'sharing', 'expiry', 'password'];

/** `2026-11-30T14:05` in local time, for a datetime-local input. */
function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** The footer's status line: when the transfer expires and whether it has a password. */
export function optionsStatus(expirySeconds: number, customDate: number | null, password: string, t: TFunction<'send'>, lang: string) {
  const expiry =
    expirySeconds === CUSTOM_EXPIRY_MARKER && customDate !== null
      ? t('status.expiresOn', { date: new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(customDate) })
      : t('status.expiresIn', { choice: t(`expiry.${expiryNameOf(expirySeconds) ?? 'week'}`) });
  return { expiry, password: password ? t('status.passwordSet') : t('status.noPassword') };
}

interface OptionsPanelProps {
  id: string;
  /** The tab shown first (the one holding what Send is missing); Link by default. */
  initialTab?: Tab;
  role: string;
  signedIn: boolean;
  sendAs: SendAs;
  onSendAs: (next: SendAs) => void;
  expirySeconds: number;
  onExpiry: (seconds: number) => void;
  customDate: number | null;
  onCustomDate: (ms: number | null) => void;
  customDateInvalid: boolean;
  password: string;
  onPassword: (value: string) => void;
  /** The password switch (on by default when the settings tab says so). */
  passwordOn?: boolean;
  onPasswordOn?: (isOn: boolean) => void;
  passwordInvalid: boolean;
  shareWith: string[];
  onShareWith: (ids: string[]) => void;
}

type TabProps = OptionsPanelProps & { base: string };

function LinkTab({ base, sendAs, onSendAs }: TabProps) {
  const { t } = useTranslation('send');
  return (
    <fieldset className="options__radios">
      <legend className="visually-hidden">{t('options.tabs.link')}</legend>
      <label>
        <input type="radio" name={`${base}-sendas`} checked={sendAs === 'link'} onChange={() => onSendAs('link')} /> {t('options.copyLink')}
      </label>
      <label>
        <input type="radio" name={`${base}-sendas`} checked={sendAs === 'email'} onChange={() => onSendAs('email')} /> {t('options.sendEmail')}
      </label>
    </fieldset>
  );
}

/** The team members to share with (the sender left out), or that there is nobody. */
function SharingTab({ signedIn, shareWith, onShareWith }: TabProps) {
  const { t } = useTranslation('send');
  const me = useAppSelector((s) => s.session.user);
  const { data: team } = useTeamQuery(undefined, { skip: !signedIn });
  const others = (team?.members ?? []).filter((m) => m.id !== me?.id);
  if (others.length === 0) return <p className="hint">{t('options.justYou')}</p>;
  return (
    <fieldset className="options__radios">
      <legend className="visually-hidden">{t('options.tabs.sharing')}</legend>
      <label>
        <input type="checkbox" checked={others.every((m) => shareWith.includes(m.id))} onChange={(e) => onShareWith(e.target.checked ? others.map((m) => m.id) : [])} />{' '}
        {t('options.everyone')}
      </label>
      {others.map((member) => (
        <label key={member.id}>
          <input
            type="checkbox"
            checked={shareWith.includes(member.id)}
            onChange={(e) => onShareWith(e.target.checked ? [...shareWith, member.id] : shareWith.filter((id) => id !== member.id))}
          />{' '}
          {member.fullName ?? member.email}
        </label>
      ))}
    </fieldset>
  );
}

/** The expiry choices of the plan, and the date picker for a custom date. */
function ExpiryTab(props: TabProps) {
  const { t } = useTranslation('send');
  const { base } = props;
  const now = Date.now();
  return (
    <div>
      <div className="field">
        <label htmlFor={`${base}-expiry`}>{t('options.expiryLabel')}</label>
        <select id={`${base}-expiry`} value={props.expirySeconds} onChange={(e) => props.onExpiry(Number(e.target.value))}>
          {expiryChoices(props.role).map((choice) => (
            <option key={choice.seconds} value={choice.seconds} disabled={!choice.isEnabled}>
              {t(`expiry.${choice.name}`)}
            </option>
          ))}
        </select>
        {!props.signedIn || props.role === 'free' || props.role === 'Free' ? <span className="hint">{t('options.expiryPremium')}</span> : null}
      </div>
      {props.expirySeconds === CUSTOM_EXPIRY_MARKER ? (
        <div className={`field${props.customDateInvalid ? ' field--invalid shake' : ''}`}>
          <label htmlFor={`${base}-date`}>{t('options.customDate')}</label>
          <input
            id={`${base}-date`}
            type="datetime-local"
            min={toLocalInput(now + CUSTOM_EXPIRY_MIN_MS)}
            max={toLocalInput(now + CUSTOM_EXPIRY_MAX_MS)}
            value={props.customDate ? toLocalInput(props.customDate) : ''}
            onChange={(e) => props.onCustomDate(e.target.value ? new Date(e.target.value).getTime() : null)}
          />
          <span className="hint">{t('options.customDateHint')}</span>
        </div>
      ) : null}
    </div>
  );
}

function PasswordTab({ base, password, onPassword, passwordOn, onPasswordOn, passwordInvalid, isShown, onToggleShown }: TabProps & { isShown: boolean; onToggleShown: () => void }) {
  const { t } = useTranslation('send');
  return (
    <div className={`field${passwordInvalid ? ' field--invalid shake' : ''}`}>
      {onPasswordOn ? (
        <label className="options__switch">
          <input type="checkbox" checked={passwordOn ?? false} onChange={(e) => onPasswordOn(e.target.checked)} /> {t('options.passwordOn')}
        </label>
      ) : null}
      <label htmlFor={`${base}-password`}>{t('options.passwordLabel')}</label>
      <div className="row">
        <input id={`${base}-password`} type={isShown ? 'text' : 'password'} autoComplete="new-password" minLength={4} value={password} onChange={(e) => onPassword(e.target.value)} />
        <button type="button" className="link-button" aria-pressed={isShown} onClick={onToggleShown}>
          {isShown ? t('options.hide') : t('options.show')}
        </button>
      </div>
      <span className="hint">{t('options.passwordHint')}</span>
    </div>
  );
}

/** The cog's panel: Link (copy link or email), Sharing (team members), Expiry (choices and date picker), Password. */
export function OptionsPanel(props: OptionsPanelProps) {
  const { t } = useTranslation('send');
  const [tab, setTab] = useState<Tab>(props.initialTab ?? 'link');
  const base = useId();
  const [isPasswordShown, setPasswordShown] = useState(false);

  function onTabKey(event: React.KeyboardEvent, index: number) {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = TABS[(index + delta + TABS.length) % TABS.length] as Tab;
    setTab(next);
    document.getElementById(`${base}-tab-${next}`)?.focus();
  }

  return (
    <div className="options" id={props.id}>
      <div role="tablist" aria-label={t('options.label')} className="options__tabs">
        {TABS.map((name, index) => (
          <button
            key={name}
            id={`${base}-tab-${name}`}
            role="tab"
            type="button"
            aria-selected={tab === name}
            aria-controls={`${base}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="options__tab"
            onClick={() => setTab(name)}
            onKeyDown={(e) => onTabKey(e, index)}
          >
            {t(`options.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-${tab}`} aria-labelledby={`${base}-tab-${tab}`} className="options__panel">
        {tab === 'link' ? <LinkTab {...props} base={base} /> : null}
        {tab === 'sharing' ? <SharingTab {...props} base={base} /> : null}
        {tab === 'expiry' ? <ExpiryTab {...props} base={base} /> : null}
        {tab === 'password' ? <PasswordTab {...props} base={base} isShown={isPasswordShown} onToggleShown={() => setPasswordShown((s) => !s)} /> : null}
      </div>
    </div>
  );
}
