import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactPanel } from './ContactPanel';
import { LanguageSwitch } from './LanguageSwitch';
import { LayoutIcon } from './LayoutIcons';
import { Logo } from './Logo';
import { SiteLink, useFerryHome } from './site-link';
import { FOOTER_COLUMNS } from './site-links';
import './layout.css';

/** Product, company, comparison and support links, the contact-us opener, legal links and the language switch. */
export function Footer() {
  const { t } = useTranslation('layout');
  const [isContactOpen, setContactOpen] = useState(false);
  const isCompanyHost = useFerryHome() !== null;
  const contactButtonRef = useRef<HTMLButtonElement>(null);
  const closeContact = useCallback(() => {
    setContactOpen(false);
    contactButtonRef.current?.focus();
  }, []);

  return (
    <footer className="ferry-footer">
      <div className="ferry-footer__inner">
        <div className="ferry-footer__brand">
          <SiteLink to="/" className="ferry-footer__home" aria-label={t('header.home')}>
            <Logo />
          </SiteLink>
          <p>{t('footer.tagline')}</p>
          <p className="ferry-footer__regions">{t('footer.regions')}</p>
          {!isCompanyHost && (
            <button
              ref={contactButtonRef}
              type="button"
              className="button button--small ferry-footer__contact"
              aria-expanded={isContactOpen}
              onClick={() => setContactOpen((open) => !open)}
            >
              <LayoutIcon name="chat" size={18} />
              {t('footer.contactUs')}
            </button>
          )}
        </div>
        <nav className="ferry-footer__columns" aria-label={t('footer.nav')}>
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.id} className="ferry-footer__column">
              <h2>{t(`footer.columns.${column.id}`)}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <SiteLink to={link.to}>{t(`footer.links.${link.key}`)}</SiteLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="ferry-footer__bottom">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <ul className="ferry-footer__legal">
          <li>
            <SiteLink to="/support?article=privacy">{t('footer.privacy')}</SiteLink>
          </li>
          <li>
            <SiteLink to="/support?article=terms">{t('footer.terms')}</SiteLink>
          </li>
          <li>{t('footer.noAds')}</li>
        </ul>
        <LanguageSwitch />
      </div>
      {isContactOpen && <ContactPanel onClose={closeContact} />}
    </footer>
  );
}
