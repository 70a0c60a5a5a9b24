import type { TLatestDownload } from '@ferry/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountryFlag } from '../../../components/CountryFlag';
import { useCountryName } from '../../../components/country-name';
import { useDateTimeFormat } from '../../download/format-date';

function Download({ item }: { item: TLatestDownload }) {
  const { t } = useTranslation('dash');
  const formatDate = useDateTimeFormat();
  const country = useCountryName(t('home.downloads.unknownPlace'))(item.countryCode, item.country_name);
  const place = item.city ? t('home.downloads.place', { city: item.city, country }) : country;
  const file = item.all ? t('home.downloads.allFiles') : item.fileName;
  return (
    <li>
      <Link className="home-download" to={`/dash/transfers/${item.slug}`}>
        <CountryFlag code={item.countryCode} name={country} />
        <span className="home-download__text">
          <strong className="home-download__file">{file}</strong>
          <span className="home-download__who">{item.receiverEmail ?? t('home.downloads.someone')}</span>
          <span className="home-download__place">{place}</span>
        </span>
        <time className="home-download__when" dateTime={item.dlDate}>
          {formatDate(Date.parse(item.dlDate))}
        </time>
      </Link>
    </li>
  );
}

/** The newest downloads of the user's transfers: file, who, place (city, country with its flag) and time. */
export function LatestDownloads({ items }: { items: TLatestDownload[] | undefined }) {
  const { t } = useTranslation('dash');
  return (
    <section className="dash-card home-card" aria-labelledby="home-downloads-title">
      <h2 id="home-downloads-title" className="home-card__title">
        {t('home.downloads.title')}
      </h2>
      {items && items.length === 0 ? <p className="home-card__empty">{t('home.downloads.empty')}</p> : null}
      {items && items.length > 0 ? (
        <ul className="home-list" aria-labelledby="home-downloads-title">
          {items.map((item) => (
            <Download key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
