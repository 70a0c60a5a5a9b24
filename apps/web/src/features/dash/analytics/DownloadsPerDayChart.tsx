import type { TAnalytics } from '@ferry/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { busiestDay, dayLabelFormat } from './day-label';

/**
 * Downloads per UTC day as a bar chart. The chart is drawn for sighted users only; screen readers
 * get the summary under it and a table of the days with downloads.
 */
export function DownloadsPerDayChart({ data }: { data: TAnalytics }) {
  const { t, i18n } = useTranslation('analytics');
  const label = dayLabelFormat(i18n.language ?? 'en');
  const rows = data.downloadsPerDay.map((day) => ({ ...day, label: label(day.date) }));
  const busiest = busiestDay(data.downloadsPerDay);
  const withDownloads = rows.filter((day) => day.count > 0);
  return (
    <figure className="dash-card analytics-card analytics-chart" aria-labelledby="analytics-per-day-title">
      <h2 id="analytics-per-day-title" className="analytics-card__title">
        {t('perDay.title')}
      </h2>
      <div className="analytics-chart__plot" aria-hidden="true" data-testid="per-day-chart">
        <BarChart responsive accessibilityLayer={false} style={{ width: '100%', height: 240 }} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="#e8ecf3" />
          <XAxis dataKey="label" tickLine={false} minTickGap={24} interval="preserveStartEnd" fontSize={12} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={48} />
          <Tooltip formatter={(value) => [value, t('perDay.downloads')]} cursor={{ fill: '#eef3ff' }} />
          <Bar dataKey="count" fill="#0b5cff" radius={[3, 3, 0, 0]} minPointSize={0} isAnimationActive={false} />
        </BarChart>
      </div>
      <figcaption className="analytics-chart__summary">
        {busiest
          ? t('perDay.summary', { count: data.totalDownloads, from: label(data.from), to: label(data.to), day: label(busiest.date), most: busiest.count })
          : t('perDay.none', { from: label(data.from), to: label(data.to) })}
      </figcaption>
      {withDownloads.length > 0 ? (
        <div className="visually-hidden">
          <table>
            <caption>{t('perDay.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('perDay.day')}</th>
                <th scope="col">{t('perDay.downloads')}</th>
              </tr>
            </thead>
            <tbody>
              {withDownloads.map((day) => (
                <tr key={day.date}>
                  <th scope="row">
                    <time dateTime={day.date}>{day.label}</time>
                  </th>
                  <td>{day.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </figure>
  );
}
