import type { TAnalytics } from '@ferry/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, XAxis, YAxis } from 'recharts';
import { CountryFlag } from '../../../components/CountryFlag';
import { useCountryName } from '../../../components/country-name';

/** How many countries the chart draws; the list under it names them all. */
const CHART_COUNTRIES = 8;

/** Downloads by country: a bar chart of the leading countries, and the list of all with flags and counts (its text alternative). */
export function CountriesChart({ data }: { data: TAnalytics }) {
  const { t } = useTranslation('analytics');
  const nameOf = useCountryName(t('countries.unknown'));
  const rows = data.downloadsByCountry.map((c) => ({ ...c, label: nameOf(c.code, c.name) }));
  return (
    <section className="dash-card analytics-card" aria-labelledby="analytics-countries-title">
      <h2 id="analytics-countries-title" className="analytics-card__title">
        {t('countries.title')}
      </h2>
      {rows.length === 0 ? (
        <p className="analytics-card__empty">{t('countries.empty')}</p>
      ) : (
        <>
          <div className="analytics-chart__plot" aria-hidden="true" data-testid="countries-chart">
            <BarChart
              responsive
              accessibilityLayer={false}
              layout="vertical"
              style={{ width: '100%', height: Math.max(80, Math.min(rows.length, CHART_COUNTRIES) * 36 + 24) }}
              data={rows.slice(0, CHART_COUNTRIES)}
              margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
            >
              <XAxis type="number" allowDecimals={false} fontSize={12} tickLine={false} />
              <YAxis type="category" dataKey="label" width={110} fontSize={12} tickLine={false} />
              <Bar dataKey="count" fill="#0b5cff" radius={[0, 3, 3, 0]} barSize={18} isAnimationActive={false} />
            </BarChart>
          </div>
          <ol className="analytics-countries" aria-label={t('countries.listLabel')}>
            {rows.map((c) => (
              <li key={c.code}>
                <CountryFlag code={c.code} name={c.label} />
                <span className="analytics-countries__name">{c.label}</span>
                <span className="analytics-countries__count">{t('countries.count', { count: c.count })}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
