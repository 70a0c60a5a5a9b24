import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../app/store';
import { NotificationsBell } from '../features/notifications/NotificationsBell';
import { AccountMenu } from './AccountMenu';
import { FeaturesMenu } from './FeaturesMenu';
import { shouldShowUpgrade } from './header-rules';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { SiteLink } from './site-link';
import { UploadMini } from './UploadMini';
import { SMALL_SCREEN_QUERY, useMediaQuery } from './use-media-query';
import './layout.css';

/** The site header: the public one (Features, Pricing, Log in) or, when signed in, company, Upgrade and account. */
export function Header() {
  const { t } = useTranslation('layout');
  const user = useAppSelector((s) => (s.session.status === 'signedIn' ? s.session.user : null));
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY, false);

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
          {user && <UploadMini />}
          {user && shouldShowUpgrade(user, { isSmallScreen }) && (
            <Link className="upgrade-box" to="/dash/account/1">
              <span className="upgrade-box__title">{t('upgrade.title')}</span>
              <span className="upgrade-box__text">{t('upgrade.text')}</span>
            </Link>
          )}
          <div className="ferry-header__lang">
            <LanguageSwitch />
          </div>
          {user ? (
            <>
              <Link className="button button--small button--ghost ferry-header__wide" to="/dash">
                {t('header.dash')}
              </Link>
              <NotificationsBell />
              <AccountMenu user={user} />
            </>
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
