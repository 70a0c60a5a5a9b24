import { useTranslation } from 'react-i18next';
import type { TDownloadHost, TDownloadHostProblem } from '@ferry/contracts';
import { CopyValue, DomainActions, DomainSection, DomainState, RecordTable, type DomainErrorKeys } from './domain-parts';
import { useCheckDownloadHostMutation, useDownloadHostQuery, useRemoveDownloadHostMutation, useSetDownloadHostMutation } from './download-host.api';
import { SendingDomainSection } from './SendingDomainSection';
import './domain.css';

/** The codes the download-host section says in its own words (both languages). */
const HOST_ERRORS: DomainErrorKeys = {
  VALIDATION_FAILED: 'domain.errors.VALIDATION_FAILED',
  HOST_TAKEN: 'domain.errors.HOST_TAKEN',
  PLAN_REQUIRED: 'domain.errors.PLAN_REQUIRED',
  FORBIDDEN: 'domain.errors.FORBIDDEN',
};

/** The record to create at the company's DNS provider: `host CNAME cnameTarget`. */
function DnsRecord({ host, target }: { host: string; target: string }) {
  const { t } = useTranslation('account');
  const columns = [
    { key: 'type', label: t('domain.record.type'), value: 'CNAME', copyLabel: t('domain.record.copyType') },
    { key: 'name', label: t('domain.record.name'), value: host, copyLabel: t('domain.record.copyName') },
    { key: 'value', label: t('domain.record.value'), value: target, copyLabel: t('domain.record.copyValue') },
  ];
  return (
    <RecordTable title={t('domain.record.title')} hints={<p className="hint">{t('domain.record.hint')}</p>} labels={columns.map((column) => column.label)}>
      <tr role="row">
        {columns.map((column) => (
          <td key={column.key} role="cell" data-label={column.label}>
            <CopyValue value={column.value} label={column.copyLabel} />
          </td>
        ))}
      </tr>
    </RecordTable>
  );
}

/** A typed host: its status, the record to create, what the last check found and, for the admin, the verbs. */
function HostState({ setting, host, onRemoved }: { setting: TDownloadHost; host: string; onRemoved?: () => void }) {
  const { t } = useTranslation('account');
  const [check, { isLoading: isChecking }] = useCheckDownloadHostMutation();
  const [remove, { isLoading: isRemoving }] = useRemoveDownloadHostMutation();
  const isVerified = setting.status === 'verified';
  const problems: Record<TDownloadHostProblem, string> = {
    NO_CNAME: t('domain.problems.NO_CNAME', { host }),
    WRONG_TARGET: t('domain.problems.WRONG_TARGET', { host, found: setting.found ?? t('domain.problems.anotherHost'), target: setting.cnameTarget }),
    LOOKUP_FAILED: t('domain.problems.LOOKUP_FAILED'),
  };
  const problem = setting.problem ? problems[setting.problem] : null;
  const news = isVerified ? (
    <>
      <p>{t('domain.verified', { host })}</p>
      <p className="hint">{t('domain.tls', { host })}</p>
    </>
  ) : (
    <>
      {problem && <p className="domain-state__problem">{problem}</p>}
      <p className="hint">{t('domain.pendingHint')}</p>
    </>
  );

  return (
    <DomainState name={host} isVerified={isVerified} checkedAt={setting.checkedAt} news={news}>
      <DnsRecord host={host} target={setting.cnameTarget} />
      {onRemoved && (
        <DomainActions
          name={host}
          errors={HOST_ERRORS}
          check={() => check().unwrap()}
          isChecking={isChecking}
          remove={() => remove().unwrap()}
          isRemoving={isRemoving}
          confirmTitle={t('domain.removeConfirm', { host })}
          confirmExplain={t('domain.removeExplain')}
          onRemoved={onRemoved}
        />
      )}
    </DomainState>
  );
}

/** The company's links on its own host, once its CNAME points at Ferry. */
function DownloadHostSection() {
  const { t } = useTranslation('account');
  const { data: setting, isLoading } = useDownloadHostQuery();
  const [setHost, { isLoading: isSaving }] = useSetDownloadHostMutation();

  if (isLoading) return <p className="dash-card dash-empty">{t('domain.loading')}</p>;
  if (!setting) return <p className="dash-card dash-empty error-text">{t('domain.loadFailed')}</p>;

  return (
    <DomainSection
      texts={{ title: t('domain.title'), lead: t('domain.lead'), upgrade: t('domain.upgrade'), none: t('domain.noHost') }}
      setting={setting}
      current={setting.host}
      form={{
        name: 'host',
        label: t('domain.hostLabel'),
        placeholder: 'files.example.com',
        errors: HOST_ERRORS,
        save: (host) => setHost({ host }).unwrap(),
        isSaving,
        savedTitle: (host, isVerified) => (isVerified ? t('domain.savedVerified', { host }) : t('domain.saved', { host })),
      }}
      renderState={(host, onRemoved) => <HostState setting={setting} host={host} onRemoved={onRemoved} />}
    />
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
