import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import CardForm from './CardForm';
import { cardErrorKey, readCard } from './card-input';

function renderForm(answer: string | null = null, lang: 'en' | 'zh' = 'en') {
  const onCard = vi.fn(async () => answer);
  renderWithApp(<CardForm submitLabel="Pay" onCard={onCard} />, { lang });
  return onCard;
}

async function fill(number: string, expiry: string, cvc: string) {
  const user = userEvent.setup();
  if (number) await user.type(screen.getByLabelText('Card number'), number);
  if (expiry) await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
  if (cvc) await user.type(screen.getByLabelText('CVC'), cvc);
  return user;
}

describe('CardForm', () => {
  it('groups the number in fours and puts the slash in the expiry as the user types', async () => {
    renderForm();
    await fill('4242424242424242', '1240', '123');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect((screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement).value).toBe('12/40');
  });

  it('names each empty or malformed field and sends nothing', async () => {
    const onCard = renderForm();
    const user = await fill('4242', '13', '');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByText('Your card number is invalid.')).toBeTruthy();
    expect(screen.getByText('Enter the expiry as MM/YY.')).toBeTruthy();
    expect(screen.getByText('Enter the 3 or 4 digit CVC.')).toBeTruthy();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(onCard).not.toHaveBeenCalled();
  });

  it('sends the card and shows the API card error in the form', async () => {
    const onCard = renderForm('card.errors.declined');
    const user = await fill('4000000000000002', '1240', '123');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onCard).toHaveBeenCalledWith({ number: '4000 0000 0000 0002', expMonth: 12, expYear: 2040, cvc: '123' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
  });

  it('reads Chinese labels and errors in Chinese', async () => {
    renderForm('card.errors.numberInvalid', 'zh');
    expect(screen.getByLabelText('卡号')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('卡号'), '4242424242424241');
    await user.type(screen.getByLabelText('有效期（月/年）'), '1240');
    await user.type(screen.getByLabelText('安全码'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('您的卡号无效。');
  });
});

describe('card rules', () => {
  it('refuses an expiry in the past', () => {
    expect(readCard({ number: '4242 4242 4242 4242', expiry: '01/26', cvc: '123' }, new Date(Date.UTC(2026, 5, 1)))).toEqual({ errors: { expiry: 'card.errors.expired' } });
  });

  it('maps the API card errors by code and message', () => {
    expect(cardErrorKey({ status: 402, code: 'CARD_DECLINED', message: 'Your card was declined.' })).toBe('card.errors.declined');
    expect(cardErrorKey({ status: 400, code: 'CARD_INVALID', message: 'Your card number is invalid.' })).toBe('card.errors.numberInvalid');
    expect(cardErrorKey({ status: 400, code: 'CARD_INVALID', message: 'Your card has expired.' })).toBe('card.errors.expired');
    expect(cardErrorKey({ status: 'network', code: 'NETWORK', message: '' })).toBe('errors.connection');
  });
});
