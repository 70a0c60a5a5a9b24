import { useTranslation } from 'react-i18next';
import type { TTransferDetail } from '@ferry/contracts';
import { CountryFlag } from '../../../components/CountryFlag';
import { useDashDates } from './format-dates';
import { AllReceiptsButton, ReceiptButtons } from './ReceiptButtons';
import { placeOf, recipientsWithDownloads } from './transfer-rules';

/** The mailed recipients and which of them downloaded. */
export function RecipientList({ transfer }: { transfer: TTransferDetail }) {
  const { t } = useTranslation('transfers');
  const recipients = recipientsWithDownloads(transfer);
  if (recipients.length === 0) return null;
  return (
    <section className="transfer-section">
      <h3>{t('recipients.title')}</h3>
      <ul className="transfer-recipients">
        {recipients.map((r) => (
          <li key={r.email}>
            <span>{r.name ? `${r.name} <${r.email}>` : r.email}</span>
            <span className={r.hasDownloaded ? 'transfer-state transfer-state--active' : 'transfer-state'}>
              {r.hasDownloaded ? t('recipients.downloaded') : t('recipients.notYet')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every download: time in the viewer's zone, city, country with its flag, recipient, what was downloaded, and its signed receipt. */
export function DownloadLog({ transfer }: { transfer: TTransferDetail }) {
  const { t } = useTranslation('transfers');
  const dates = useDashDates();
  const log = [...transfer.downloadLog].sort((a, b) => Date.parse(b.dlDate) - Date.parse(a.dlDate));
  return (
    <section className="transfer-section">
      <div className="transfer-log__head">
        <h3>{t('log.title', { count: transfer.total_downloads })}</h3>
        {log.length > 0 && <AllReceiptsButton slug={transfer.slug} />}
      </div>
      {log.length === 0 ? (
        <p className="hint">{t('log.empty')}</p>
      ) : (
        <ul className="transfer-log" aria-label={t('log.title', { count: transfer.total_downloads })}>
          {log.map((d) => {
            const { place, country } = placeOf(d);
            return (
              <li key={d.id} className="transfer-log__entry">
                <time dateTime={d.dlDate}>{dates.zoned(d.dlDate)}</time>
                <span className="transfer-log__place">
                  <CountryFlag code={d.countryCode} name={country || t('log.unknownPlace')} />
                  {place || t('log.unknownPlace')}
                </span>
                <span>{d.receiverEmail ?? t('log.someone')}</span>
                <span className="hint">{d.all ? t('log.allFiles') : d.fileName}</span>
                <ReceiptButtons slug={transfer.slug} downloadId={d.id} what={`${d.all ? t('log.allFiles') : d.fileName}, ${dates.zoned(d.dlDate)}`} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
