import { useTranslation } from 'react-i18next';
import type { TRegion } from '@ferry/contracts';

/** The storage regions as cards: city, where it is, and its short code. */
export function RegionGrid({ regions }: { regions: readonly TRegion[] }) {
  const { t } = useTranslation('marketing');
  return (
    <ul className="region-grid" aria-label={t('regions.label')}>
      {regions.map((region) => (
        <li key={region} className="region-card">
          <span className="region-card__code" aria-hidden="true">
            {t(`regions.${region}.code`)}
          </span>
          <span className="region-card__city">{t(`regions.${region}.city`)}</span>
          <span className="region-card__area">{t(`regions.${region}.area`)}</span>
        </li>
      ))}
    </ul>
  );
}
