import type { TCard, TCardInput } from '@ferry/contracts';

/** A card kept on file: what the billing tab shows and the provider's handle to charge it. */
export interface StoredCard extends TCard {
  token: string;
}

export type ChargeResult = { ok: true; chargeId: string } | { ok: false; message: string };

/** The payment provider behind billing's state machine (`local` today; Stripe comes with its webhooks). */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** Checks and keeps a card; a declined or invalid card throws CARD_DECLINED or CARD_INVALID. */
  attachCard(card: TCardInput, now: Date): Promise<StoredCard>;
  /** Charges a card on file (amount in the currency's smallest unit). */
  charge(cardToken: string, amount: number, currency: string): Promise<ChargeResult>;
  /** Ends the provider's own subscription of the admin at once, with no further charge (a lifetime deal replaces it); absent: billing's own state machine is all there is. */
  endSubscription?(adminId: string): Promise<void>;
}
