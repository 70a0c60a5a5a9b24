import { useTranslation } from 'react-i18next';
import type { TDnsRecord, TSendingDomain, TSendingDomainProblem } from '@ferry/contracts';
import { CopyValue, DomainActions, DomainSection, DomainState, RecordTable, type DomainErrorKeys } from './domain-parts';
import { useCheckSendingDomainMutation, useRemoveSendingDomainMutation, useSendingDomainQuery, useSetSendingDomainMutation } from './sending-domain.api';

/** The codes the sending-domain section says in its own words (both languages). */
const SENDING_ERRORS: DomainErrorKeys = {
  VALIDATION_FAILED: 'domain.sending.errors.VALIDATION_FAILED',
  HOST_TAKEN: 'domain.sending.errors.HOST_TAKEN',
  PLAN_REQUIRED: 'domain.sending.errors.PLAN_REQUIRED',
  FORBIDDEN: 'domain.errors.FORBIDDEN',
};

/** A record's purpose as DNS people write it (also in Chinese). */
const PURPOSE_NAME: Record<TDnsRecord['purpose'], string> = { dkim: 'DKIM', spf: 'SPF', dmarc: 'DMARC' };

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
  const labels = { type: t('domain.record.type'), name: t('domain.record.name'), value: t('domain.record.value'), found: t('domain.sending.records.status') };
  const hints = (
    <>
      <p className="hint">{t('domain.sending.records.hint', { domain })}</p>
      {records.some((record) => record.purpose === 'spf') && <p className="hint">{t('domain.sending.records.spfHint', { domain })}</p>}
    </>
  );
  return (
    <RecordTable title={t('domain.sending.records.title')} hints={hints} labels={Object.values(labels)} variant="records">
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
    </RecordTable>
  );
}

/** A set domain: its status, the From once verified, what the last check found, the records and, for the admin, the verbs. */
function SendingState({ setting, domain, onRemoved }: { setting: TSendingDomain; domain: string; onRemoved?: () => void }) {
  const { t } = useTranslation('account');
  const [check, { isLoading: isChecking }] = useCheckSendingDomainMutation();
  const [remove, { isLoading: isRemoving }] = useRemoveSendingDomainMutation();
  const isVerified = setting.status === 'verified';
  const dkimName = setting.records.find((record) => record.purpose === 'dkim')?.name ?? domain;
  const problems: Record<TSendingDomainProblem, string> = {
    DKIM_MISSING: t('domain.sending.problems.DKIM_MISSING', { name: dkimName }),
    DKIM_MISMATCH: t('domain.sending.problems.DKIM_MISMATCH', { name: dkimName }),
    SPF_MISSING: t('domain.sending.problems.SPF_MISSING', { domain }),
    LOOKUP_FAILED: t('domain.problems.LOOKUP_FAILED'),
  };
  const news = (
    <>
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
    </>
  );

  return (
    <DomainState name={domain} isVerified={isVerified} checkedAt={setting.checkedAt} news={news}>
      {setting.records.length > 0 && <SendingRecords domain={domain} records={setting.records} />}
      {onRemoved && (
        <DomainActions
          name={domain}
          errors={SENDING_ERRORS}
          check={() => check().unwrap()}
          isChecking={isChecking}
          remove={() => remove().unwrap()}
          isRemoving={isRemoving}
          confirmTitle={t('domain.sending.removeConfirm', { domain })}
          confirmExplain={t('domain.sending.removeExplain')}
          onRemoved={onRemoved}
        />
      )}
    </DomainState>
  );
}

/** Recipients' mails from the company's own domain, DKIM-signed, once its DKIM and SPF records are found (Business plans, admins only). */
export function SendingDomainSection() {
  const { t } = useTranslation('account');
  const { data: setting, isLoading } = useSendingDomainQuery();
  const [setDomain, { isLoading: isSaving }] = useSetSendingDomainMutation();

  if (isLoading) return <p className="dash-card dash-empty">{t('domain.sending.loading')}</p>;
  if (!setting) return <p className="dash-card dash-empty error-text">{t('domain.sending.loadFailed')}</p>;

  return (
    <DomainSection
      texts={{ title: t('domain.sending.title'), lead: t('domain.sending.lead'), upgrade: t('domain.sending.upgrade'), none: t('domain.sending.noDomain') }}
      setting={setting}
      current={setting.domain}
      form={{
        name: 'domain',
        label: t('domain.sending.label'),
        placeholder: 'acme.com',
        errors: SENDING_ERRORS,
        save: (domain) => setDomain({ domain }).unwrap(),
        isSaving,
        savedTitle: (domain, isVerified) => (isVerified ? t('domain.sending.savedVerified', { domain }) : t('domain.sending.saved', { domain })),
      }}
      renderState={(domain, onRemoved) => <SendingState setting={setting} domain={domain} onRemoved={onRemoved} />}
    />
  );
}
