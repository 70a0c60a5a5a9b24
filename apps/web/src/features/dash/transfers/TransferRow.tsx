import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TTransferSummary } from '@ferry/contracts';
import { CountryFlag } from '../../../components/CountryFlag';
import { useDashDates } from './format-dates';
import { downloadCountries, rowState } from './transfer-rules';

/** At most this many flags in a row; the count says the rest. */
const MAX_FLAGS = 5;

/** The state badge: active, expired or restricted. */
export function StateBadge({ transfer }: { transfer: Pick<TTransferSummary, 'restricted' | 'state'> }) {
  const { t } = useTranslation('transfers');
  const state = rowState(transfer);
  return <span className={`transfer-state transfer-state--${state}`}>{t(`state.${state}`)}</span>;
}

/** One transfer of the list: name (or first file), files and size, sent and expiry dates, downloads with flags, state. */
export function TransferRow({ transfer, search }: { transfer: TTransferSummary; search: string }) {
  const { t } = useTranslation('transfers');
  const dates = useDashDates();
  const countries = downloadCountries(transfer.downloads);
  return (
    <li className="transfer-row">
      <div className="transfer-row__name">
        <Link to={{ pathname: `/dash/transfers/${transfer.slug}`, search }} className="transfer-row__open">
          {transfer.fileName || transfer.slug}
        </Link>
        <span className="hint">{t('row.files', { count: transfer.fileNumber, size: transfer.size })}</span>
      </div>
      <dl className="transfer-row__dates">
        <div>
          <dt>{t('row.sent')}</dt>
          <dd>{dates.date(transfer.dateSent)}</dd>
        </div>
        <div>
          <dt>{t('row.expires')}</dt>
          <dd>
            {dates.date(transfer.expiryDate)}
            {transfer.expiring && !transfer.restricted ? <span className="transfer-badge">{t('row.expiringSoon')}</span> : null}
          </dd>
        </div>
      </dl>
      <div className="transfer-row__downloads">
        <span>{t('row.downloads', { count: transfer.total_downloads })}</span>
        <span className="transfer-row__flags">
          {countries.slice(0, MAX_FLAGS).map((c) => (
            <CountryFlag key={c.code} code={c.code} name={c.name} />
          ))}
          {countries.length > MAX_FLAGS ? <span className="hint">+{countries.length - MAX_FLAGS}</span> : null}
        </span>
      </div>
      <div className="transfer-row__state">
        <StateBadge transfer={transfer} />
        {transfer.shared ? <span className="transfer-badge">{t('row.sharedWithYou')}</span> : null}
      </div>
    </li>
  );
}
