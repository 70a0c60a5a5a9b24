import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../app/lazy';
import { useAppSelector } from '../app/store';
import { FeaturesMenu } from './FeaturesMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { SiteLink } from './site-link';
import './layout.css';

const loadSignedInParts = () => import('./HeaderSignedIn');
const HeaderSignedInLead = lazyPage(async () => ({ default: (await loadSignedInParts()).HeaderSignedInLead }));
const HeaderSignedInActions = lazyPage(async () => ({ default: (await loadSignedInParts()).HeaderSignedInActions }));

/** With a stored session, main.tsx fetches the signed-in parts while the session is restored, not after. */
export function preloadSignedInHeader(): void {
  loadSignedInParts().catch(() => undefined);
}

/**
 * The site header: the public one (Features, Pricing, Log in) or, when signed in, company, Upgrade and
 * account (their code loads once someone is signed in).
 */
export function Header() {
  const { t } = useTranslation('layout');
  const user = useAppSelector((s) => (s.session.status === 'signedIn' ? s.session.user : null));

  return (
    <header className="ferry-header">
      <div className="ferry-header__inner">
        <SiteLink to={user ? '/dash' : '/'} className="ferry-header__home" aria-label={user ? t('header.homeDash') : t('header.home')}>
          <Logo />
        </SiteLink>
        {user?.company && (
          <span className="ferry-header__company" title={user.company}>
            {user.company}
          </span>
        )}
        <nav className="site-nav" aria-label={t('header.nav')}>
          <FeaturesMenu />
          <SiteLink nav className="nav-link" to="/pricing">
            {t('header.pricing')}
          </SiteLink>
        </nav>
        <div className="ferry-header__actions">
          {user && (
            <Suspense fallback={null}>
              <HeaderSignedInLead user={user} />
            </Suspense>
          )}
          <div className="ferry-header__lang">
            <LanguageSwitch />
          </div>
          {user ? (
            <Suspense fallback={null}>
              <HeaderSignedInActions user={user} />
            </Suspense>
          ) : (
            <>
              <SiteLink className="button button--small button--ghost" to="/login">
                {t('header.login')}
              </SiteLink>
              <SiteLink className="button button--small ferry-header__wide" to="/pricing?plan=free">
                {t('header.tryFree')}
              </SiteLink>
            </>
          )}
          <MobileMenu isSignedIn={Boolean(user)} />
        </div>
      </div>
    </header>
  );
}
