import type { TUser } from '@ferry/contracts';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { useDocumentTitle } from '../../marketing/use-document-title';
import { useLatestDownloadsQuery, useUsageQuery } from './home.api';
import { LatestDownloads } from './LatestDownloads';
import { TransferShortList } from './TransferShortList';
import { UsageCard } from './UsageCard';
import './home.css';

/** The name the greeting uses: the chosen greeting name, else the first name, else the email's name. */
export function greetingNameOf(user: TUser | null): string {
  if (!user) return '';
  const chosen = user.greetingName?.trim();
  if (chosen) return chosen;
  const first = user.fullName?.trim().split(/\s+/)[0];
  if (first) return first;
  return user.email.split('@')[0] ?? user.email;
}

/**
 * /dash: the greeting and the account at a glance beside quick send (the layout keeps quick send
 * mounted): the month's transfers and storage against the plan, the latest downloads (live over
 * the bell's SSE stream), transfers expiring soon and never opened.
 */
export default function DashHomePage() {
  const { t } = useTranslation('dash');
  const user = useAppSelector((s) => s.session.user);
  const { data: usage } = useUsageQuery();
  const { data: downloads } = useLatestDownloadsQuery();
  useDocumentTitle(t('home.title'));
  return (
    <div className="dash-home">
      <header className="dash-top">
        <div>
          <h1>{t('home.greeting', { name: greetingNameOf(user) })}</h1>
          {user?.company ? <p className="dash-company">{user.company}</p> : null}
        </div>
      </header>
      <div className="home-grid">
        {usage ? <UsageCard usage={usage} /> : null}
        <LatestDownloads items={downloads?.items} />
        <TransferShortList filter="expiring" />
        <TransferShortList filter="unseen" />
      </div>
    </div>
  );
}
