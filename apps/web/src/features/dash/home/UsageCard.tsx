import type { TUsage } from '@ferry/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A share of a whole, 0 to 100, for a meter. */
export function percentOf(used: number, limit: number | null): number {
  if (!limit || limit <= 0) return 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

function Meter({ label, percent, state }: { label: string; percent: number; state: string }) {
  return (
    <div className={`usage-meter usage-meter--${state}`} role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`}>
      <span className="usage-meter__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** This month's transfers against the plan's cap, and storage used against the plan with its 90% and 100% states. */
export function UsageCard({ usage }: { usage: TUsage }) {
  const { t } = useTranslation('dash');
  const { storage, monthlyCap, transfersThisMonth } = usage;
  const monthPercent = percentOf(transfersThisMonth, monthlyCap);
  const isMonthFull = monthlyCap !== null && transfersThisMonth >= monthlyCap;
  return (
    <section className="dash-card home-card home-usage" aria-labelledby="home-usage-title">
      <h2 id="home-usage-title" className="home-card__title">
        {t('home.usage.title')}
      </h2>
      <div className="home-usage__row">
        <div className="home-usage__label">
          <span>{t('home.usage.transfers')}</span>
          <strong>{monthlyCap === null ? t('home.usage.transfersNoCap', { count: transfersThisMonth }) : t('home.usage.transfersOfCap', { count: transfersThisMonth, cap: monthlyCap })}</strong>
        </div>
        {monthlyCap === null ? null : <Meter label={t('home.usage.transfers')} percent={monthPercent} state={isMonthFull ? 'full' : 'ok'} />}
      </div>
      <div className="home-usage__row">
        <div className="home-usage__label">
          <span>{t('home.usage.storage')}</span>
          <strong>{t('home.usage.storageOf', { used: storage.used, limit: storage.limit })}</strong>
        </div>
        <Meter label={t('home.usage.storage')} percent={percentOf(storage.usedBytes, storage.limitBytes)} state={storage.state} />
        {storage.state === 'ok' ? null : (
          <p className={`home-usage__alert home-usage__alert--${storage.state}`} role="status">
            <strong>{t(`home.usage.${storage.state}.title`)}</strong> {t(`home.usage.${storage.state}.text`)}{' '}
            <Link to="/dash/account/1">{t('home.usage.upgrade')}</Link>
          </p>
        )}
      </div>
    </section>
  );
}
