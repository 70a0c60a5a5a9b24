import type { Bus } from '@ferry/bus';
import { AppError, BILLING_PROVIDER_RPC } from '@ferry/contracts';
import type { NextFunction, Request, Response } from 'express';

/** The largest Stripe event accepted (Stripe's events are a few kB; a subscription with many items stays far below). */
export const STRIPE_WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

/**
 * Stripe's webhook (BILLING_PROVIDER=stripe): the body arrives as raw bytes (createHttpApp's
 * `rawBodyPaths`, never parsed as JSON, since the signature covers the exact bytes) and goes to
 * billing with `Stripe-Signature`; billing verifies it. A 2xx tells Stripe the event is applied; a
 * 400 is a bad signature; a 5xx makes Stripe deliver it again later.
 */
export function stripeWebhook(bus: Bus) {
  return (req: Request, res: Response, next: NextFunction) => {
    void (async () => {
      const signature = req.get('stripe-signature');
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new AppError('VALIDATION_FAILED', { message: 'The webhook body is empty.' });
      if (!signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID', { message: 'The Stripe-Signature header is missing.' });
      const receipt = await bus.request(BILLING_PROVIDER_RPC.stripeWebhook, { payload: req.body.toString('utf8'), signature });
      res.status(200).json(receipt);
    })().catch(next);
  };
}
