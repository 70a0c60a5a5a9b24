import type { TCardInput } from '@ferry/contracts';
import type { ApiProblem } from '../../app/api-error';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardFields;
/** A field's problem, as a key of the billing namespace. */
export type CardFieldErrors = Partial<Record<CardField, string>>;

/** The card number as typed, in groups of four (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as typed: the slash comes after the month. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The fields' own problems (the card network's answer comes from the API), or the card to send. */
export function readCard(fields: CardFields, now = new Date()): { card: TCardInput } | { errors: CardFieldErrors } {
  const errors: CardFieldErrors = {};
  const digits = fields.number.replace(/\D/g, '');
  if (digits.length === 0) errors.number = 'card.errors.numberRequired';
  else if (digits.length < 12 || digits.length > 19) errors.number = 'card.errors.numberInvalid';
  const expiry = /^(\d{2})\/(\d{2})$/.exec(fields.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = 'card.errors.expiryInvalid';
  else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) errors.expiry = 'card.errors.expired';
  if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = 'card.errors.cvcInvalid';
  if (Object.keys(errors).length > 0) return { errors };
  return { card: { number: formatCardNumber(digits), expMonth: month, expYear: year, cvc: fields.cvc.trim() } };
}

/**
 * The card error the API answered, as a billing key (by code and the provider's message, so the
 * Chinese form reads Chinese).
 */
export function cardErrorKey(problem: ApiProblem): string {
  if (problem.code === 'CARD_DECLINED') return 'card.errors.declined';
  if (problem.code === 'CARD_INVALID') {
    if (/expired/i.test(problem.message)) return 'card.errors.expired';
    return /add a card|enter your card/i.test(problem.message) ? 'card.errors.required' : 'card.errors.numberInvalid';
  }
  if (problem.code === 'VALIDATION_FAILED') return 'card.errors.check';
  if (problem.status === 'network') return 'errors.connection';
  return 'errors.unexpected';
}
