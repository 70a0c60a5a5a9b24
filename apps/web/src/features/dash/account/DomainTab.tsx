import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZDownloadHostName, type TDownloadHost, type TDownloadHostProblem } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { InlineConfirm, useInlineConfirm } from '../../../components/InlineConfirm';
import { showToast } from '../../../components/toasts';
import { useDashDates } from '../transfers/format-dates';
import { CopyValue, StatusBadge, useProblemText } from './domain-parts';
import { useCheckDownloadHostMutation, useDownloadHostQuery, useRemoveDownloadHostMutation, useSetDownloadHostMutation } from './download-host.api';
import { SendingDomainSection } from './SendingDomainSection';
import './domain.css';

/** The codes the download-host section says in its own words (both languages). */
const HOST_ERRORS = {
  VALIDATION_FAILED: 'domain.errors.VALIDATION_FAILED',
  HOST_TAKEN: 'domain.errors.HOST_TAKEN',
  PLAN_REQUIRED: 'domain.errors.PLAN_REQUIRED',
  FORBIDDEN: 'domain.errors.FORBIDDEN',
} as const;

/** The host name field: checked as a host name here, then sent; the server's refusal shows under the field. */
function HostForm({ current, inputRef }: { current: string | null; inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation('account');
  const problemText = useProblemText(HOST_ERRORS);
  const fieldId = useId();
  const errorId = useId();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [setHost, { isLoading }] = useSetDownloadHostMutation();
  useEffect(() => setValue(current ?? ''), [current]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZDownloadHostName.safeParse(value);
    if (!parsed.success) {
      setError(t('domain.errors.VALIDATION_FAILED'));
      return;
    }
    setError(null);
    try {
      const answer = await setHost({ host: parsed.data }).unwrap();
      const title = answer.status === 'verified' ? t('domain.savedVerified', { host: parsed.data }) : t('domain.saved', { host: parsed.data });
      showToast({ title, kind: 'success' });
    } catch (failure) {
      setError(problemText(apiProblem(failure)));
    }
  }

  return (
    <form className="domain-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={fieldId}>{t('domain.hostLabel')}</label>
        <div className="domain-form__row">
          <input
            ref={inputRef}
            id={fieldId}
            name="host"
            type="text"
            inputMode="url"
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            maxLength={253}
            value={value}
            placeholder="files.example.com"
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button" disabled={isLoading}>
            {isLoading ? t('domain.saving') : t('domain.save')}
          </button>
        </div>
        {error && (
          <span id={errorId} className="error-text" role="alert">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}

/** The record to create at the company's DNS provider: `host CNAME cnameTarget`. */
function DnsRecord({ host, target }: { host: string; target: string }) {
  const { t } = useTranslation('account');
  const titleId = useId();
  const columns = [
    { key: 'type', label: t('domain.record.type'), value: 'CNAME', copyLabel: t('domain.record.copyType') },
    { key: 'name', label: t('domain.record.name'), value: host, copyLabel: t('domain.record.copyName') },
    { key: 'value', label: t('domain.record.value'), value: target, copyLabel: t('domain.record.copyValue') },
  ];
  return (
    <div className="domain-record">
      <h4 id={titleId} className="domain-record__title">
        {t('domain.record.title')}
      </h4>
      <p className="hint">{t('domain.record.hint')}</p>
      <div className="domain-record__box">
        {/* Explicit roles: on phones the cells stack (CSS), which drops a table's semantics in some browsers. */}
        <table className="domain-record__table" role="table" aria-labelledby={titleId}>
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column) => (
                <th key={column.key} scope="col" role="columnheader">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            <tr role="row">
              {columns.map((column) => (
                <td key={column.key} role="cell" data-label={column.label}>
                  <CopyValue value={column.value} label={column.copyLabel} />
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Check now and Remove (Remove asks first, No focused); after removal the focus goes to the host field. */
function HostActions({ host, onRemoved }: { host: string; onRemoved: () => void }) {
  const { t } = useTranslation('account');
  const problemText = useProblemText(HOST_ERRORS);
  const { isConfirming, open, cancel, actionRef } = useInlineConfirm();
  const [check, { isLoading: isChecking }] = useCheckDownloadHostMutation();
  const [remove, { isLoading: isRemoving }] = useRemoveDownloadHostMutation();

  async function onCheck() {
    try {
      await check().unwrap();
    } catch (error) {
      showToast({ title: t('domain.actionFailed'), message: problemText(apiProblem(error)), kind: 'error' });
    }
  }
  async function onRemove() {
    try {
      await remove().unwrap();
      showToast({ title: t('domain.removed', { host }), kind: 'success' });
      onRemoved();
    } catch (error) {
      showToast({ title: t('domain.actionFailed'), message: problemText(apiProblem(error)), kind: 'error' });
    }
  }

  return (
    <>
      <div className="domain-actions">
        <button type="button" className="button" disabled={isChecking} onClick={() => void onCheck()}>
          {isChecking ? t('domain.checking') : t('domain.check')}
        </button>
        {!isConfirming && (
          <button ref={actionRef} type="button" className="button button--ghost" onClick={open}>
            {t('domain.remove')}
          </button>
        )}
      </div>
      {isConfirming && (
        <InlineConfirm
          className="domain-confirm"
          title={t('domain.removeConfirm', { host })}
          explain={t('domain.removeExplain')}
          yes={t('domain.removeYes')}
          no={t('domain.removeNo')}
          isBusy={isRemoving}
          onYes={() => void onRemove()}
          onCancel={cancel}
        />
      )}
    </>
  );
}

/** A typed host: its status, the record to create, what the last check found and, for the admin, the verbs. */
function HostState({ setting, host, onRemoved }: { setting: TDownloadHost; host: string; onRemoved?: () => void }) {
  const { t } = useTranslation('account');
  const dates = useDashDates();
  const isVerified = setting.status === 'verified';
  const problems: Record<TDownloadHostProblem, string> = {
    NO_CNAME: t('domain.problems.NO_CNAME', { host }),
    WRONG_TARGET: t('domain.problems.WRONG_TARGET', { host, found: setting.found ?? t('domain.problems.anotherHost'), target: setting.cnameTarget }),
    LOOKUP_FAILED: t('domain.problems.LOOKUP_FAILED'),
  };
  const problem = setting.problem ? problems[setting.problem] : null;

  return (
    <div className="domain-state">
      <p className="domain-state__host">
        <span className="domain-state__name">{host}</span>{' '}
        <StatusBadge isVerified={isVerified} />
      </p>
      <div className="domain-state__news" role="status" aria-live="polite">
        {isVerified ? (
          <>
            <p>{t('domain.verified', { host })}</p>
            <p className="hint">{t('domain.tls', { host })}</p>
          </>
        ) : (
          <>
            {problem && <p className="domain-state__problem">{problem}</p>}
            <p className="hint">{t('domain.pendingHint')}</p>
          </>
        )}
        {setting.checkedAt !== null && <p className="hint">{t('domain.lastChecked', { time: dates.dateTime(setting.checkedAt) })}</p>}
      </div>
      <DnsRecord host={host} target={setting.cnameTarget} />
      {onRemoved && <HostActions host={host} onRemoved={onRemoved} />}
    </div>
  );
}

/** The company's links on its own host, once its CNAME points at Ferry. */
function DownloadHostSection() {
  const { t } = useTranslation(['account', 'send']);
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { data: setting, isLoading } = useDownloadHostQuery();

  if (isLoading) return <p className="dash-card dash-empty">{t('domain.loading')}</p>;
  if (!setting) return <p className="dash-card dash-empty error-text">{t('domain.loadFailed')}</p>;

  return (
    <section className="dash-card domain-tab" aria-labelledby={headingId}>
      <h3 id={headingId} className="domain-tab__title">
        {t('domain.title')}
      </h3>
      <p>{t('domain.lead')}</p>
      {!setting.canUse ? (
        <div className="domain-upgrade">
          <p>{t('domain.upgrade')}</p>
          <Link className="button" to="/dash/account/1">
            {t('send:blocked.upgrade')}
          </Link>
        </div>
      ) : !setting.isEditable ? (
        <>
          <p className="hint">{t('domain.memberNote')}</p>
          {setting.host ? <HostState setting={setting} host={setting.host} /> : <p>{t('domain.noHost')}</p>}
        </>
      ) : (
        <>
          <HostForm current={setting.host} inputRef={inputRef} />
          {setting.host && <HostState setting={setting} host={setting.host} onRemoved={() => inputRef.current?.focus()} />}
        </>
      )}
    </section>
  );
}

/** Domain (Business plans, admins only): the download host for the company's links, then the sending domain for its mails. */
export function DomainTab() {
  return (
    <div className="domain-sections">
      <DownloadHostSection />
      <SendingDomainSection />
    </div>
  );
}
