import { useTranslation } from 'react-i18next';

/** Money and dates in the interface language. */
export function useBillingFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language?.startsWith('zh') ? 'zh-CN' : 'en-US';
  return {
    /** An amount in the currency's smallest unit (cents). */
    money: (amount: number, currency = 'usd') =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100),
    /** A catalogue price in whole dollars. */
    price: (usd: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: usd % 1 ? 2 : 0 }).format(usd),
    date: (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(ms)),
  };
}
