import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZDownloadHostName, type TDnsRecord, type TSendingDomain, type TSendingDomainProblem } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { InlineConfirm, useInlineConfirm } from '../../../components/InlineConfirm';
import { showToast } from '../../../components/toasts';
import { useDashDates } from '../transfers/format-dates';
import { CopyValue, StatusBadge, useProblemText } from './domain-parts';
import { useCheckSendingDomainMutation, useRemoveSendingDomainMutation, useSendingDomainQuery, useSetSendingDomainMutation } from './sending-domain.api';

/** The codes the sending-domain section says in its own words (both languages). */
const SENDING_ERRORS = {
  VALIDATION_FAILED: 'domain.sending.errors.VALIDATION_FAILED',
  HOST_TAKEN: 'domain.sending.errors.HOST_TAKEN',
  PLAN_REQUIRED: 'domain.sending.errors.PLAN_REQUIRED',
  FORBIDDEN: 'domain.errors.FORBIDDEN',
} as const;

/** A record's purpose as DNS people write it (also in Chinese). */
const PURPOSE_NAME: Record<TDnsRecord['purpose'], string> = { dkim: 'DKIM', spf: 'SPF', dmarc: 'DMARC' };

/** The domain field: checked as a domain name here (acme.com), then sent; the server's refusal shows under the field. */
function SendingForm({ current, inputRef }: { current: string | null; inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation('account');
  const problemText = useProblemText(SENDING_ERRORS);
  const fieldId = useId();
  const errorId = useId();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [setDomain, { isLoading }] = useSetSendingDomainMutation();
  useEffect(() => setValue(current ?? ''), [current]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZDownloadHostName.safeParse(value);
    if (!parsed.success) {
      setError(t('domain.sending.errors.VALIDATION_FAILED'));
      return;
    }
    setError(null);
    try {
      const answer = await setDomain({ domain: parsed.data }).unwrap();
      const title = answer.status === 'verified' ? t('domain.sending.savedVerified', { domain: parsed.data }) : t('domain.sending.saved', { domain: parsed.data });
      showToast({ title, kind: 'success' });
    } catch (failure) {
      setError(problemText(apiProblem(failure)));
    }
  }

  return (
    <form className="domain-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={fieldId}>{t('domain.sending.label')}</label>
        <div className="domain-form__row">
          <input
            ref={inputRef}
            id={fieldId}
            name="domain"
            type="text"
            inputMode="url"
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            maxLength={253}
            value={value}
            placeholder="acme.com"
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

/** Whether the last check found the record, in words (the mark and colour only repeat it). */
function RecordFound({ isFound }: { isFound: boolean | null }) {
  const { t } = useTranslation('account');
  const state = isFound === null ? 'unchecked' : isFound ? 'found' : 'missing';
  const mark = { found: '✓', missing: '✗', unchecked: '–' }[state];
  return (
    <span className={`domain-record__found domain-record__found--${state}`}>
      <span aria-hidden="true">{mark}</span> <span>{t(`domain.sending.records.${state}`)}</span>
    </span>
  );
}

/** The TXT records to create at the company's DNS provider, one row each: DKIM and SPF needed, DMARC suggested. */
function SendingRecords({ domain, records }: { domain: string; records: TDnsRecord[] }) {
  const { t } = useTranslation('account');
  const titleId = useId();
  const labels = { type: t('domain.record.type'), name: t('domain.record.name'), value: t('domain.record.value'), found: t('domain.sending.records.status') };
  return (
    <div className="domain-record">
      <h4 id={titleId} className="domain-record__title">
        {t('domain.sending.records.title')}
      </h4>
      <p className="hint">{t('domain.sending.records.hint', { domain })}</p>
      {records.some((record) => record.purpose === 'spf') && <p className="hint">{t('domain.sending.records.spfHint', { domain })}</p>}
      <div className="domain-record__box">
        {/* Explicit roles: on phones the rows stack (CSS), which drops a table's semantics in some browsers. */}
        <table className="domain-record__table domain-record__table--records" role="table" aria-labelledby={titleId}>
          <thead role="rowgroup">
            <tr role="row">
              {Object.entries(labels).map(([key, label]) => (
                <th key={key} scope="col" role="columnheader">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {records.map((record) => {
              const purpose = PURPOSE_NAME[record.purpose];
              return (
                <tr key={`${record.purpose} ${record.name}`} role="row">
                  <th scope="row" role="rowheader" data-label={labels.type}>
                    <span className="domain-record__kind">
                      <span className="domain-record__purpose">{t(`domain.sending.records.${record.purpose}`)}</span> <code className="domain-record__value">{record.type}</code>
                    </span>
                  </th>
                  <td role="cell" data-label={labels.name}>
                    <CopyValue value={record.name} label={t('domain.sending.records.copyName', { purpose })} />
                  </td>
                  <td role="cell" data-label={labels.value}>
                    <CopyValue value={record.value} label={t('domain.sending.records.copyValue', { purpose })} />
                  </td>
                  <td role="cell" data-label={labels.found}>
                    <RecordFound isFound={record.isFound} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Check now and Remove (Remove asks first, No focused); after removal the focus goes to the domain field. */
function SendingActions({ domain, onRemoved }: { domain: string; onRemoved: () => void }) {
  const { t } = useTranslation('account');
  const problemText = useProblemText(SENDING_ERRORS);
  const { isConfirming, open, cancel, actionRef } = useInlineConfirm();
  const [check, { isLoading: isChecking }] = useCheckSendingDomainMutation();
  const [remove, { isLoading: isRemoving }] = useRemoveSendingDomainMutation();

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
      showToast({ title: t('domain.removed', { host: domain }), kind: 'success' });
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
          title={t('domain.sending.removeConfirm', { domain })}
          explain={t('domain.sending.removeExplain')}
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

/** A set domain: its status, the From once verified, what the last check found, the records and, for the admin, the verbs. */
function SendingState({ setting, domain, onRemoved }: { setting: TSendingDomain; domain: string; onRemoved?: () => void }) {
  const { t } = useTranslation('account');
  const dates = useDashDates();
  const isVerified = setting.status === 'verified';
  const dkimName = setting.records.find((record) => record.purpose === 'dkim')?.name ?? domain;
  const problems: Record<TSendingDomainProblem, string> = {
    DKIM_MISSING: t('domain.sending.problems.DKIM_MISSING', { name: dkimName }),
    DKIM_MISMATCH: t('domain.sending.problems.DKIM_MISMATCH', { name: dkimName }),
    SPF_MISSING: t('domain.sending.problems.SPF_MISSING', { domain }),
    LOOKUP_FAILED: t('domain.problems.LOOKUP_FAILED'),
  };

  return (
    <div className="domain-state">
      <p className="domain-state__host">
        <span className="domain-state__name">{domain}</span> <StatusBadge isVerified={isVerified} />
      </p>
      <div className="domain-state__news" role="status" aria-live="polite">
        {isVerified ? <p>{t('domain.sending.verified', { from: setting.fromAddress ?? domain })}</p> : <p className="hint">{t('domain.sending.pendingHint')}</p>}
        {setting.problems.length > 0 && (
          <ul className="domain-state__problems">
            {setting.problems.map((problem) => (
              <li key={problem} className="domain-state__problem">
                {problems[problem]}
              </li>
            ))}
          </ul>
        )}
        {setting.checkedAt !== null && <p className="hint">{t('domain.lastChecked', { time: dates.dateTime(setting.checkedAt) })}</p>}
      </div>
      {setting.records.length > 0 && <SendingRecords domain={domain} records={setting.records} />}
      {onRemoved && <SendingActions domain={domain} onRemoved={onRemoved} />}
    </div>
  );
}

/** Recipients' mails from the company's own domain, DKIM-signed, once its DKIM and SPF records are found (Business plans, admins only). */
export function SendingDomainSection() {
  const { t } = useTranslation(['account', 'send']);
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { data: setting, isLoading } = useSendingDomainQuery();

  if (isLoading) return <p className="dash-card dash-empty">{t('domain.sending.loading')}</p>;
  if (!setting) return <p className="dash-card dash-empty error-text">{t('domain.sending.loadFailed')}</p>;

  return (
    <section className="dash-card domain-tab" aria-labelledby={headingId}>
      <h3 id={headingId} className="domain-tab__title">
        {t('domain.sending.title')}
      </h3>
      <p>{t('domain.sending.lead')}</p>
      {!setting.canUse ? (
        <div className="domain-upgrade">
          <p>{t('domain.sending.upgrade')}</p>
          <Link className="button" to="/dash/account/1">
            {t('send:blocked.upgrade')}
          </Link>
        </div>
      ) : !setting.isEditable ? (
        <>
          <p className="hint">{t('domain.memberNote')}</p>
          {setting.domain ? <SendingState setting={setting} domain={setting.domain} /> : <p>{t('domain.sending.noDomain')}</p>}
        </>
      ) : (
        <>
          <SendingForm current={setting.domain} inputRef={inputRef} />
          {setting.domain && <SendingState setting={setting} domain={setting.domain} onRemoved={() => inputRef.current?.focus()} />}
        </>
      )}
    </section>
  );
}
