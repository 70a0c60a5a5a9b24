import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { stubGateway, type StubRoutes } from '../download/stub-gateway';
import PromotionCodeField from './PromotionCodeField';

function renderField(routes: StubRoutes, lang: 'en' | 'zh' = 'en') {
  const gateway = stubGateway(routes);
  const onChange = vi.fn();
  renderWithApp(<PromotionCodeField onChange={onChange} />, { lang });
  return { gateway, onChange };
}

const CHECK = 'POST /api/v1/billing/coupons/check';

afterEach(() => vi.unstubAllGlobals());

describe('PromotionCodeField', () => {
  it('when a valid code is applied, then it shows the discount and hands the code to checkout; Remove clears it', async () => {
    const discount = { code: 'SPRING20', percentOff: 20, amountOff: null, duration: 'once', durationInMonths: null };
    const { gateway, onChange } = renderField({ [CHECK]: { status: 200, body: { valid: true, ...discount } } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Promotion code'), 'spring20{Enter}');
    expect(await screen.findByText('20% off on the first payment')).toBeTruthy();
    expect(gateway.callsTo(CHECK)[0]?.body).toEqual({ code: 'spring20' });
    expect(onChange).toHaveBeenLastCalledWith({ code: 'SPRING20', discount });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect((screen.getByLabelText('Promotion code') as HTMLInputElement).value).toBe('');
  });

  it('when an amount-off code lasts some months, then it says how much and for how long', async () => {
    renderField({ [CHECK]: { status: 200, body: { valid: true, code: 'THREE', percentOff: null, amountOff: 450, duration: 'repeating', durationInMonths: 3 } } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Promotion code'), 'THREE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('$4.50 off for 3 months')).toBeTruthy();
  });

  it('when the code has expired, then it shows why and checkout gets no code', async () => {
    const { onChange } = renderField({ [CHECK]: { status: 400, body: { error: { code: 'COUPON_EXPIRED', message: 'This code has expired.' } } } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Promotion code'), 'OLD{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('This code has expired.');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('when an unknown code is applied in Chinese, then the error is in Chinese', async () => {
    renderField({ [CHECK]: { status: 400, body: { error: { code: 'COUPON_INVALID', message: 'This code is not valid.' } } } }, 'zh');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('优惠码'), 'NOPE');
    await user.click(screen.getByRole('button', { name: '使用' }));
    expect((await screen.findByRole('alert')).textContent).toBe('此优惠码无效。');
  });
});
