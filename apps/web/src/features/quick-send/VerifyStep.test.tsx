import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { isSenderVerified, VerifyStep } from './VerifyStep';

/** The gateway's answers to POST /auth/email-codes/verify: 200 for the right code, 403 CODE_INCORRECT otherwise. */
function gateway(rightCode: string) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const body = JSON.parse(await input.text()) as { code: string };
      calls.push({ url: input.url, body });
      if (body.code === rightCode) return new Response(JSON.stringify({ verified: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      return new Response(JSON.stringify({ error: { code: 'CODE_INCORRECT', message: 'Incorrect code', requestId: 'r1' } }), { status: 403, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderStep() {
  const props = { onVerified: vi.fn(), onResend: vi.fn(async () => undefined), onBack: vi.fn() };
  renderWithApp(<VerifyStep email="sender@example.com" {...props} />);
  return props;
}

describe('VerifyStep', () => {
  it('submits by itself once 5 digits are typed, and proceeds on the right code', async () => {
    const calls = gateway('48213');
    const props = renderStep();
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText("Can't find it? Check your spam or junk folder.")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Digit 1'));
    await user.keyboard('48213');
    await waitFor(() => expect(props.onVerified).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ url: 'http://localhost:3000/api/v1/auth/email-codes/verify', body: { email: 'sender@example.com', code: '48213', purpose: 'send' } }]);
    expect(isSenderVerified('Sender@Example.com')).toBe(true);
  });

  it('a pasted 5-digit code fills the boxes and submits', async () => {
    gateway('48213');
    const props = renderStep();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Digit 1'));
    await user.paste('48213');
    await waitFor(() => expect(props.onVerified).toHaveBeenCalled());
  });

  it('a wrong code shows the message and shakes the boxes; Verify stays disabled until 5 digits', async () => {
    gateway('48213');
    const props = renderStep();
    const user = userEvent.setup();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toHaveProperty('disabled', true);
    await user.click(screen.getByLabelText('Digit 1'));
    await user.keyboard('1a2');
    expect((screen.getByLabelText('Digit 2') as HTMLInputElement).value).toBe('2');
    expect(verify).toHaveProperty('disabled', true);
    await user.keyboard('999');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Incorrect, check your email and try again.');
    expect(screen.getByRole('group', { name: 'Verification code' }).className).toContain('shake');
    expect(props.onVerified).not.toHaveBeenCalled();
    expect(isSenderVerified('sender@example.com')).toBe(false);
  });

  it("'Resend code' asks again and is locked for 2 seconds", async () => {
    gateway('48213');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const props = renderStep();
    const resend = screen.getByRole('button', { name: 'Resend code' });
    await act(async () => resend.click());
    expect(props.onResend).toHaveBeenCalledTimes(1);
    const locked = screen.getByRole('button', { name: 'Sending a new code' });
    expect(locked).toHaveProperty('disabled', true);
    await act(async () => vi.advanceTimersByTime(1_900));
    expect(screen.getByRole('button', { name: 'Sending a new code' })).toHaveProperty('disabled', true);
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', false);
  });
});
