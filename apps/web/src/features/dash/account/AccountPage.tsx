import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/NotFoundPage';
import { useAppSelector } from '../../../app/store';
import { useDocumentTitle } from '../../marketing/use-document-title';
import { isAccountTab, type AccountTab } from '../dash-nav';
import { BillingTab } from '../../billing/BillingTab';
import { PlanTab } from '../../billing/PlanTab';
import { CustomizeTab } from './CustomizeTab';
import { DataResidencyTab } from './DataResidencyTab';
import { DomainTab } from './DomainTab';
import { PoweredByTab } from './PoweredByTab';
import { ProfileTab } from './ProfileTab';
import { SettingsTab } from './SettingsTab';
import { TeamsTab } from './TeamsTab';
import './account.css';

/** Tabs a team member does not see (PRODUCT.md: Domain, Teams and Billing). */
const ADMIN_TABS: ReadonlySet<AccountTab> = new Set(['domain', 'teams', 'billing']);

/** Tabs shown in the tab bar; `1` (the plan tab) is reached from Upgrade. Team members do not see Domain, Teams or Billing. */
function visibleTabs(isTeamMember: boolean): AccountTab[] {
  const all: AccountTab[] = ['profile', 'data-residency', 'settings', 'teams', 'domain', 'billing', 'customize', 'powered-by'];
  return isTeamMember ? all.filter((tab) => !ADMIN_TABS.has(tab)) : all;
}

/** /dash/account/{tab}: the account tabs of PRODUCT.md section 2 (an unknown tab is not found). */
export default function AccountPage() {
  const { t } = useTranslation('dash');
  const { tab } = useParams();
  const user = useAppSelector((s) => s.session.user);
  useDocumentTitle(t('nav.account'));
  if (!isAccountTab(tab) || !user) return <NotFoundPage />;

  return (
    <div className="account-page">
      <h1 className="dash-page__title">{t('nav.account')}</h1>
      <nav className="account-tabs" aria-label={t('account.tabsLabel')}>
        {visibleTabs(user.isTeamMember).map((id) => (
          <NavLink key={id} className="account-tabs__tab" to={`/dash/account/${id}`}>
            {t(`account.tabs.${id}`)}
          </NavLink>
        ))}
      </nav>
      <h2 className="account-page__tab-title">{t(`account.tabs.${tab}`)}</h2>
      {tab === 'profile' && <ProfileTab user={user} />}
      {tab === 'data-residency' && <DataResidencyTab user={user} />}
      {tab === 'settings' && <SettingsTab user={user} />}
      {tab === 'teams' && !user.isTeamMember && <TeamsTab user={user} />}
      {tab === 'domain' && !user.isTeamMember && <DomainTab />}
      {tab === 'billing' && !user.isTeamMember && <BillingTab />}
      {tab === 'customize' && <CustomizeTab user={user} />}
      {tab === 'powered-by' && <PoweredByTab user={user} />}
      {tab === '1' && <PlanTab />}
    </div>
  );
}
