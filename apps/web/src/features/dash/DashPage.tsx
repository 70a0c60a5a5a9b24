import type { TUser } from '@ferry/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogoutMutation } from '../../app/session.api';
import { useAppSelector } from '../../app/store';
import { QuickSendPanel } from '../quick-send/QuickSendPanel';
import './dash.css';

/** The name the greeting uses: the chosen greeting name, else the first name, else the email's name. */
export function greetingNameOf(user: TUser | null): string {
  if (!user) return '';
  const chosen = user.greetingName?.trim();
  if (chosen) return chosen;
  const first = user.fullName?.trim().split(/\s+/)[0];
  if (first) return first;
  return user.email.split('@')[0] ?? user.email;
}

/** /dash: the signed-in home with quick send. */
export default function DashPage() {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const user = useAppSelector((s) => s.session.user);
  const [logout, { isLoading }] = useLogoutMutation();

  async function onLogout() {
    await logout();
    // A fresh page: nothing of the session stays in memory.
    window.location.assign('/');
  }

  return (
    <main className="page dash" aria-labelledby={titleId}>
      <header className="dash__top">
        <div>
          <h1 id={titleId}>{t('dash.greeting', { name: greetingNameOf(user) })}</h1>
          {user?.company ? <p className="dash__company">{user.company}</p> : null}
        </div>
        <button type="button" className="button button--ghost dash__logout" onClick={() => void onLogout()} disabled={isLoading}>
          {t('dash.logout')}
        </button>
      </header>
      <QuickSendPanel />
    </main>
  );
}
