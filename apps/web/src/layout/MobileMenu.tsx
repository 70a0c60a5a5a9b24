import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from './LanguageSwitch';
import { LayoutIcon } from './LayoutIcons';
import { FEATURE_MENU } from './site-links';
import { useDisclosure } from './use-disclosure';

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
              <Link to="/about">{t('mobile.about')}</Link>
            </li>
            <li>
              <Link to="/pricing">{t('header.pricing')}</Link>
            </li>
            {isSignedIn ? (
              <li>
                <Link to="/dash">{t('header.dash')}</Link>
              </li>
            ) : (
              <li>
                <Link to="/login">{t('mobile.login')}</Link>
              </li>
            )}
          </ul>
          <p className="mobile-menu__heading">{t('header.features')}</p>
          <ul className="mobile-menu__list mobile-menu__list--minor">
            {FEATURE_MENU.map((slug) => (
              <li key={slug}>
                <Link to={`/product/${slug}`}>{t(`featureMenu.${slug}.title`)}</Link>
              </li>
            ))}
          </ul>
          <div className="mobile-menu__footer">
            <LanguageSwitch />
            {!isSignedIn && (
              <Link className="button" to="/pricing?plan=free">
                {t('mobile.tryFree')}
              </Link>
            )}
          </div>
        </nav>
      )}
    </div>
  );
}
