import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { LayoutIcon } from './LayoutIcons';
import { FEATURE_MENU } from './site-links';
import { useDisclosure } from './use-disclosure';
import { SiteLink } from './site-link';

/** Under 720px the header's links fold into this menu: About, Login (logged out), Try free, and the rest. */
export function MobileMenu({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation('layout');
  const menu = useDisclosure();
  const panelId = useId();
  return (
    <div className="mobile-menu" ref={menu.rootRef} onBlur={menu.onBlur}>
      <button
        type="button"
        ref={menu.triggerRef}
        className="mobile-menu__toggle"
        aria-expanded={menu.isOpen}
        aria-controls={panelId}
        aria-label={menu.isOpen ? t('mobile.close') : t('mobile.open')}
        onClick={menu.toggle}
      >
        <LayoutIcon name={menu.isOpen ? 'close' : 'menu'} size={22} />
      </button>
      {menu.isOpen && (
        <nav id={panelId} className="mobile-menu__panel" aria-label={t('mobile.label')}>
          <ul className="mobile-menu__list">
            <li>
              <SiteLink to="/about">{t('mobile.about')}</SiteLink>
            </li>
            <li>
              <SiteLink to="/pricing">{t('header.pricing')}</SiteLink>
            </li>
            {isSignedIn ? (
              <li>
                <SiteLink to="/dash">{t('header.dash')}</SiteLink>
              </li>
            ) : (
              <li>
                <SiteLink to="/login">{t('mobile.login')}</SiteLink>
              </li>
            )}
          </ul>
          <p className="mobile-menu__heading">{t('header.features')}</p>
          <ul className="mobile-menu__list mobile-menu__list--minor">
            {FEATURE_MENU.map((slug) => (
              <li key={slug}>
                <SiteLink to={`/product/${slug}`}>{t(`featureMenu.${slug}.title`)}</SiteLink>
              </li>
            ))}
          </ul>
          <div className="mobile-menu__footer">
            <LanguageSwitch />
            {!isSignedIn && (
              <SiteLink className="button" to="/pricing?plan=free">
                {t('mobile.tryFree')}
              </SiteLink>
            )}
          </div>
        </nav>
      )}
    </div>
  );
}
