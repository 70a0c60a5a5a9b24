import { vi } from 'vitest';

/**
 * A stand-in for the Stripe object `loadStripe` answers. Stripe.js itself comes from Stripe's CDN
 * (js.stripe.com), which no machine here reaches, so component tests replace `loadStripe` with this:
 * the real `@stripe/react-stripe-js` mounts its Payment Element into it, and the tests read what the
 * form asked of Stripe (the payment method, the confirm call and its client secret).
 */
function createStripeStandIn() {
  const element = {
    mount: (node: HTMLElement) => {
      node.textContent = 'Stripe card fields';
    },
    on: () => element,
    off: () => element,
    update: () => undefined,
    destroy: () => undefined,
  };
  const elements = { create: () => element, getElement: () => element, update: () => undefined, submit: vi.fn(async () => ({})) };
  return {
    elements: vi.fn(() => elements),
    elementsGroup: elements,
    createToken: vi.fn(),
    confirmCardPayment: vi.fn(),
    createPaymentMethod: vi.fn(async (): Promise<object> => ({ paymentMethod: { id: 'pm_stand_in' } })),
    confirmSetup: vi.fn(async (): Promise<object> => ({ setupIntent: { status: 'succeeded' } })),
    confirmPayment: vi.fn(async (): Promise<object> => ({ paymentIntent: { status: 'succeeded' } })),
    _registerWrapper: vi.fn(),
    registerAppInfo: vi.fn(),
  };
}

/** One object for the test file: the form loads Stripe once per publishable key. */
export const stripeStandIn = createStripeStandIn();
