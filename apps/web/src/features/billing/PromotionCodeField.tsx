import type { TDiscount } from '@ferry/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiProblem } from '../../app/api-error';
import { AuthError } from '../auth/AuthFormParts';
import { useCheckCouponMutation } from './coupons.api';
import { discountText } from './discount-text';
import './promotion-code.css';

const ERROR_KEYS: Record<string, string> = {
  COUPON_INVALID: 'promotion.errors.invalid',
  COUPON_EXPIRED: 'promotion.errors.expired',
  COUPON_USED_UP: 'promotion.errors.usedUp',
  VALIDATION_FAILED: 'promotion.errors.invalid',
};

export interface PromotionCodeFieldProps {
  /**
   * Hears the code checkout should send as `promotionCode` once it is valid, and its discount;
   * `null` when the field is cleared or the code is refused.
   */
  onChange(applied: { code: string; discount: TDiscount } | null): void;
  disabled?: boolean;
}

/**
 * The promotion code field at checkout: Apply checks the code (`POST /billing/coupons/check`) and
 * shows its discount or why it is refused; Remove clears it. Not a form of its own, so it can sit
 * inside the checkout form (Enter in the field applies the code instead of submitting the form).
 */
export default function PromotionCodeField({ onChange, disabled = false }: PromotionCodeFieldProps) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const [code, setCode] = useState('');
  const [discount, setDiscount] = useState<TDiscount | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [check, { isLoading }] = useCheckCouponMutation();

  async function apply() {
    const typed = code.trim();
    if (!typed) return;
    setErrorKey(null);
    const result = await check({ code: typed });
    if ('error' in result) {
      setDiscount(null);
      setErrorKey(ERROR_KEYS[apiProblem(result.error).code] ?? 'promotion.errors.failed');
      onChange(null);
      return;
    }
    const { valid: _valid, ...found } = result.data;
    setDiscount(found);
    onChange({ code: found.code, discount: found });
  }

  function clear() {
    setCode('');
    setDiscount(null);
    setErrorKey(null);
    onChange(null);
  }

  return (
    <div className="field promotion-code">
      <label htmlFor={id}>{t('promotion.label')}</label>
      <div className="promotion-code__row">
        <input
          id={id}
          name="promotionCode"
          autoComplete="off"
          maxLength={64}
          value={code}
          disabled={disabled || discount !== null}
          aria-invalid={errorKey ? true : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setErrorKey(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void apply();
          }}
        />
        {discount ? (
          <button type="button" className="button button--ghost" onClick={clear} disabled={disabled}>
            {t('promotion.remove')}
          </button>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => void apply()} disabled={disabled || isLoading || !code.trim()}>
            {t('promotion.apply')}
          </button>
        )}
      </div>
      <AuthError message={errorKey ? t(errorKey) : null} after={discount ? <p className="hint promotion-code__applied">{discountText(t, discount, i18n.language)}</p> : null} />
    </div>
  );
}
