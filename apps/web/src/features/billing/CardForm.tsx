import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPaymentInput } from './payment-input';
import { formatCardNumber, formatExpiry, readCard, type CardField, type CardFieldErrors, type CardFields } from './card-input';
import './billing.css';

export interface CardFormProps {
  submitLabel: string;
  /** Sends the card (this form: its details; Stripe's: a payment method); answers the billing key of the API's card error, or null when it was taken. */
  onCard: (payment: TPaymentInput) => Promise<string | null>;
  /** Beside the submit button (skip, cancel). */
  children?: ReactNode;
}

const EMPTY: CardFields = { number: '', expiry: '', cvc: '' };

/** The local provider's card form: number in groups of four, MM/YY, CVC; the card network's answer is shown in the form. */
export default function CardForm({ submitLabel, onCard, children }: CardFormProps) {
  const { t } = useTranslation('billing');
  const id = useId();
  const [fields, setFields] = useState<CardFields>(EMPTY);
  const [errors, setErrors] = useState<CardFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  function change(field: CardField, value: string) {
    const formatted = field === 'number' ? formatCardNumber(value) : field === 'expiry' ? formatExpiry(value) : value.replace(/\D/g, '').slice(0, 4);
    setFields((current) => ({ ...current, [field]: formatted }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const read = readCard(fields);
    if ('errors' in read) return setErrors(read.errors);
    setBusy(true);
    const problem = await onCard(read.card);
    setBusy(false);
    setFormError(problem);
  }

  const field = (name: CardField, label: string, extra: { autoComplete: string; placeholder: string; maxLength: number }) => (
    <div className={`card-form__field card-form__field--${name}`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        inputMode="numeric"
        value={fields[name]}
        onChange={(e) => change(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...extra}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="card-form__field-error">
          {t(errors[name])}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label={t('card.formLabel')}>
      {field('number', t('card.number'), { autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxLength: 23 })}
      <div className="card-form__row">
        {field('expiry', t('card.expiry'), { autoComplete: 'cc-exp', placeholder: t('card.expiryPlaceholder'), maxLength: 5 })}
        {field('cvc', t('card.cvc'), { autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 })}
      </div>
      <p className="card-form__error" role="alert">
        {formError ? t(formError) : null}
      </p>
      <div className="card-form__actions">
        <button type="submit" className="button" disabled={isBusy} aria-busy={isBusy}>
          {isBusy ? t('card.working') : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
