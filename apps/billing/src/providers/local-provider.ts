import { randomUUID } from 'node:crypto';
import { AppError, type TCardInput } from '@ferry/contracts';
import type { ChargeResult, PaymentProvider, StoredCard } from './payment-provider';

/**
 * Stripe's test numbers, with their behaviour: 4000 0000 0000 0002 is declined when added,
 * 4000 0000 0000 9995 for insufficient funds, 4000 0000 0000 0341 is added but every charge fails;
 * any other number that passes the Luhn check (4242 4242 4242 4242, …) is accepted and charged.
 */
const DECLINED_AT_ATTACH: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};
const FAILS_ON_CHARGE = new Set(['4000000000000341']);

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** No card network: the usual test numbers behave as they do on Stripe in test mode. */
export function createLocalProvider(): PaymentProvider {
  return {
    name: 'local',
    async attachCard(card: TCardInput, now: Date): Promise<StoredCard> {
      const digits = card.number.replace(/\s+/g, '');
      if (!luhnValid(digits)) throw new AppError('CARD_INVALID', { message: 'Your card number is invalid.' });
      const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      if (expired) throw new AppError('CARD_INVALID', { message: 'Your card has expired.' });
      const declined = DECLINED_AT_ATTACH[digits];
      if (declined) throw new AppError('CARD_DECLINED', { message: declined });
      const behaviour = FAILS_ON_CHARGE.has(digits) ? 'fails' : 'ok';
      return { brand: brandOf(digits), last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear, token: `local_${behaviour}_${randomUUID()}` };
    },
    async charge(cardToken: string): Promise<ChargeResult> {
      if (cardToken.startsWith('local_fails_')) return { ok: false, message: 'Your card was declined.' };
      return { ok: true, chargeId: `ch_local_${randomUUID()}` };
    },
  };
}
