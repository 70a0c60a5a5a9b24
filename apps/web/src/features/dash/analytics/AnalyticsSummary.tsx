import type { TAnalytics } from '@ferry/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The window's downloads, the transfers unseen and expiring now, and the storage used. */
export function AnalyticsSummary({ data }: { data: TAnalytics }) {
  const { t } = useTranslation('analytics');
  const tiles = [
    { key: 'downloads', value: String(data.totalDownloads), to: null },
    { key: 'unseen', value: String(data.unseen), to: '/dash/transfers?filter=unseen' },
    { key: 'expiring', value: String(data.expiring), to: '/dash/transfers?filter=expiring' },
    { key: 'storage', value: t('summary.storageOf', { used: data.storage.used, limit: data.storage.limit }), to: null },
  ] as const;
  return (
    <dl className="analytics-summary">
      {tiles.map((tile) => (
        <div key={tile.key} className={`dash-card analytics-tile${tile.key === 'storage' ? ` analytics-tile--storage analytics-tile--${data.storage.state}` : ''}`}>
          <dt>{t(`summary.${tile.key}`)}</dt>
          <dd>{tile.to ? <Link to={tile.to}>{tile.value}</Link> : tile.value}</dd>
          {tile.key === 'storage' && data.storage.state !== 'ok' ? <dd className="analytics-tile__note">{t(`summary.${data.storage.state}`)}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** The transfers downloaded most in the window, each opening its TransferModal. */
export function TopTransfers({ data }: { data: TAnalytics }) {
  const { t } = useTranslation('analytics');
  return (
    <section className="dash-card analytics-card" aria-labelledby="analytics-top-title">
      <h2 id="analytics-top-title" className="analytics-card__title">
        {t('top.title')}
      </h2>
      {data.topTransfers.length === 0 ? (
        <p className="analytics-card__empty">{t('top.empty')}</p>
      ) : (
        <ol className="analytics-top">
          {data.topTransfers.map((item) => (
            <li key={item.slug}>
              <Link to={`/dash/transfers/${item.slug}`}>{item.fileName}</Link>
              <span className="analytics-top__count">{t('top.downloads', { count: item.downloads })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
