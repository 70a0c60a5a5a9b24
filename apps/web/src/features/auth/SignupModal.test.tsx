import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithApp } from '../../test/render';
import { SignupModal } from './SignupModal';
import { gatewayError, sessionReply, stubGateway } from './testing/gateway-stub';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

const EMAIL = 'grace@example.com';

afterEach(() => vi.unstubAllGlobals());

async function reachCodeStep(onClose = vi.fn()) {
  const view = renderWithApp(
    <>
      <SignupModal variant="savedQuickSend" onClose={onClose} defaultEmail="Grace@Example.com" />
      <LocationProbe />
    </>,
    { route: '/' },
  );
  const user = userEvent.setup();
  expect(screen.getByRole('dialog', { name: 'Keep your transfers in one place' })).toBeTruthy();
  await user.type(screen.getByLabelText('Password'), 'secret-1');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('group', { name: 'Verification code' });
  return { ...view, user };
}

describe('signup modal', () => {
  it('when the code is wrong, then the modal wording shows and no account is made', async () => {
    const gateway = stubGateway({
      'POST /auth/email-codes': { status: 202 },
      'POST /auth/email-codes/verify': gatewayError(403, 'CODE_INCORRECT'),
    });
    const { user } = await reachCodeStep();
    await user.click(screen.getByLabelText('Digit 1 of 5'));
    await user.keyboard('99999');
    expect(await screen.findByText('Incorrect, check your email and try again.')).toBeTruthy();
    expect(gateway.callsTo('POST /auth/signup')).toEqual([]);
  });

  it('when the code is right, then the account is created and the dashboard opens', async () => {
    const onClose = vi.fn();
    const gateway = stubGateway({
      'POST /auth/email-codes': { status: 202 },
      'POST /auth/email-codes/verify': { status: 200, body: { verified: true } },
      'POST /auth/signup': sessionReply(201, { email: EMAIL, role: 'Free' }),
    });
    const { user, store } = await reachCodeStep(onClose);
    expect(gateway.callsTo('POST /auth/email-codes')[0]?.body).toEqual({ email: EMAIL, purpose: 'register', lang: 'en' });
    await user.click(screen.getByLabelText('Digit 1 of 5'));
    await user.keyboard('24680');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dash'));
    expect(gateway.callsTo('POST /auth/signup')[0]?.body).toEqual({ email: EMAIL, password: 'secret-1', plan: 'Free', lang: 'en' });
    expect(onClose).toHaveBeenCalled();
    expect(store.getState().session.status).toBe('signedIn');
  });

  it('when Escape is pressed, then it closes', async () => {
    stubGateway({});
    const onClose = vi.fn();
    renderWithApp(<SignupModal onClose={onClose} />);
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: 'Create your free account' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
