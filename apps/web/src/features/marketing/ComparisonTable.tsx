import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

/** PRODUCT.md section 1's comparison rows; `true` renders a check mark, `false` a cross, a string its text. */
const ROWS = ['storage', 'perTransfer', 'expiry', 'people', 'requests', 'alerts', 'geolocation', 'history', 'worldwide', 'support'] as const;
const FERRY_HAS = new Set<string>(['requests', 'alerts', 'geolocation', 'history', 'worldwide', 'support']);
const OTHERS_LACK = new Set<string>(['requests', 'alerts', 'geolocation']);

function Mark({ isYes }: { isYes: boolean }) {
  const { t } = useTranslation('marketing');
  return (
    <span className={isYes ? 'mark mark--yes' : 'mark mark--no'}>
      <Icon name={isYes ? 'check' : 'cross'} size={18} />
      <span className="visually-hidden">{isYes ? t('compare.yes') : t('compare.no')}</span>
    </span>
  );
}

export function ComparisonTable() {
  const { t } = useTranslation('marketing');
  return (
    <div className="compare">
      <table className="compare__table">
        <caption>{t('compare.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('compare.feature')}</th>
            <th scope="col" className="compare__ferry">
              {t('compare.ferry')}
            </th>
            <th scope="col">{t('compare.others')}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row}>
              <th scope="row">{t(`compare.rows.${row}.label`)}</th>
              <td className="compare__ferry">{FERRY_HAS.has(row) ? <Mark isYes /> : t(`compare.rows.${row}.ferry`)}</td>
              <td>{OTHERS_LACK.has(row) ? <Mark isYes={false} /> : t(`compare.rows.${row}.others`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
