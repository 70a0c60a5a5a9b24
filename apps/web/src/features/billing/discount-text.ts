import type { TDiscount } from '@ferry/contracts';
import type { TFunction } from 'i18next';

/** "20% off on the first payment", "$5.00 off on every payment", "10% off for 3 months". */
export function discountText(t: TFunction<'common'>, discount: TDiscount, locale: string): string {
  const amount = discount.amountOff !== null ? new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(discount.amountOff / 100) : '';
  const off = discount.percentOff !== null ? t('promotion.percentOff', { percent: discount.percentOff }) : t('promotion.amountOff', { amount });
  const when = discount.duration === 'repeating' ? t('promotion.repeating', { count: discount.durationInMonths ?? 1 }) : t(`promotion.${discount.duration}`);
  return `${off} ${when}`;
}
