import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from './analytics.api';

/** 7, 30, 90 or 365 days: a group of toggle buttons, the chosen one pressed. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation('analytics');
  return (
    <div className="period-picker" role="group" aria-label={t('period.label')}>
      {PERIODS.map((days) => (
        <button key={days} type="button" className="period-picker__option" aria-pressed={days === value} onClick={() => onChange(days)}>
          {t('period.days', { count: days })}
        </button>
      ))}
    </div>
  );
}
