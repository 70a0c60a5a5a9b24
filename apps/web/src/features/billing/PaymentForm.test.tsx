import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { PaymentForm } from './PaymentForm';

// Whether the page imported Stripe's modules at all (with the local provider it must not).
const imported = vi.hoisted(() => ({ stripeJs: false, reactStripe: false }));
vi.mock('@stripe/stripe-js', () => {
  imported.stripeJs = true;
  return { loadStripe: vi.fn() };
});
vi.mock('@stripe/react-stripe-js', async (original) => {
  imported.reactStripe = true;
  return original();
});

describe('PaymentForm', () => {
  it('with the local provider: our own card form, and Stripe.js is never imported nor loaded', async () => {
    renderWithApp(<PaymentForm provider="local" submitLabel="Pay" onCard={async () => null} />);
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(imported).toEqual({ stripeJs: false, reactStripe: false });
  });
});
