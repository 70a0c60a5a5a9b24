import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../marketing/use-document-title';
import { periodOf, useAnalyticsQuery, type Period } from './analytics.api';
import { AnalyticsSummary, TopTransfers } from './AnalyticsSummary';
import { CountriesChart } from './CountriesChart';
import { DownloadsPerDayChart } from './DownloadsPerDayChart';
import { PeriodPicker } from './PeriodPicker';
import './analytics.css';

/**
 * /dash/analytics: the period (in the URL as `?days=`, so reload and back keep it), the window's
 * downloads per day and by country, the top transfers, unseen and expiring counts and storage.
 */
export default function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('days'));
  const { data, isError, isFetching, refetch } = useAnalyticsQuery(period);
  useDocumentTitle(t('title'));
  const choose = (days: Period) => setParams(days === 30 ? {} : { days: String(days) }, { replace: true });
  return (
    <div className="analytics" aria-busy={isFetching}>
      <div className="dash-page__head">
        <h1 className="dash-page__title">{t('title')}</h1>
        <PeriodPicker value={period} onChange={choose} />
      </div>
      {isError && !data ? (
        <div className="dash-card dash-empty" role="alert">
          <p>{t('error')}</p>
          <button type="button" className="button button--ghost" onClick={() => void refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {data ? (
        <>
          <AnalyticsSummary data={data} />
          <DownloadsPerDayChart data={data} />
          <div className="analytics-columns">
            <CountriesChart data={data} />
            <TopTransfers data={data} />
          </div>
        </>
      ) : null}
    </div>
  );
}
