import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateTimeFormat } from '../../download/format-date';
import { useHomeTransfersQuery } from './home.api';

/** A few of the user's transfers expiring soon or never opened, each opening its TransferModal. */
export function TransferShortList({ filter }: { filter: 'expiring' | 'unseen' }) {
  const { t } = useTranslation('dash');
  const formatDate = useDateTimeFormat();
  const { data } = useHomeTransfersQuery(filter);
  const titleId = `home-${filter}-title`;
  const hasItems = (data?.items.length ?? 0) > 0;
  return (
    <section className="dash-card home-card" aria-labelledby={titleId}>
      <div className="home-card__head">
        <h2 id={titleId} className="home-card__title">
          {t(`home.${filter}.title`)}
        </h2>
        {hasItems ? <Link to={`/dash/transfers?filter=${filter}`}>{t('home.viewAll')}</Link> : null}
      </div>
      {data && data.items.length === 0 ? <p className="home-card__empty">{t(`home.${filter}.empty`)}</p> : null}
      {data && hasItems ? (
        <ul className="home-list" aria-labelledby={titleId}>
          {data.items.map((item) => (
            <li key={item.slug}>
              <Link className="home-transfer" to={`/dash/transfers/${item.slug}`}>
                <strong className="home-transfer__name">{item.fileName}</strong>
                <span className="home-transfer__meta">
                  {filter === 'expiring' ? t('home.expiring.when', { date: formatDate(item.expiryDate) }) : t('home.unseen.when', { date: formatDate(item.dateSent) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
