import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../app/store';
import { LayoutIcon, type LayoutIconName } from '../../layout/LayoutIcons';
import { lazyPage } from '../../app/lazy';
import { dashNavEntries, type DashNavKey } from './dash-nav';
import './dash.css';

const QuickSendPanel = lazyPage(async () => ({ default: (await import('../quick-send/QuickSendPanel')).QuickSendPanel }));

const ICONS: Record<DashNavKey, LayoutIconName> = {
  home: 'home',
  transfers: 'send',
  requests: 'inbox',
  contacts: 'contacts',
  analytics: 'chart',
  account: 'user',
  teams: 'team',
  billing: 'card',
};

/**
 * Every /dash/* page: the side navigation and the page. Once shown on Home, quick send stays
 * mounted on every dashboard page (shown on Home only), so an upload goes on while the user looks
 * at other pages and the header's mini progress follows it.
 */
export default function DashLayout() {
  const { t } = useTranslation('dash');
  const user = useAppSelector((s) => s.session.user);
  const { pathname } = useLocation();
  const isHome = pathname.replace(/\/+$/, '') === '/dash';
  // Quick send mounts the first time Home shows and then stays (an upload goes on elsewhere); a
  // dashboard page opened directly does not wait for quick send's code and calls.
  const [isSendMounted, setSendMounted] = useState(isHome);
  useEffect(() => {
    if (isHome) setSendMounted(true);
  }, [isHome]);
  if (!user) return null;

  return (
    <div className="dash-shell">
      <nav className="dash-nav" aria-label={t('nav.label')}>
        <ul className="dash-nav__list">
          {dashNavEntries(user).map((entry) => (
            <li key={entry.key}>
              <NavLink className="dash-nav__link" to={entry.to} end={entry.end}>
                <LayoutIcon name={ICONS[entry.key]} size={18} />
                <span>{t(`nav.${entry.key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={isHome ? 'dash-shell__main dash-shell__main--home' : 'dash-shell__main'}>
        {isSendMounted && (
          <div className="dash-shell__send" hidden={!isHome}>
            <Suspense fallback={null}>
              <QuickSendPanel />
            </Suspense>
          </div>
        )}
        <div className="dash-shell__page">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
