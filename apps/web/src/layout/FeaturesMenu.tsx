import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutIcon, type LayoutIconName } from './LayoutIcons';
import { FEATURE_MENU } from './site-links';
import { useDisclosure } from './use-disclosure';
import { SiteLink } from './site-link';

const ICONS: Record<(typeof FEATURE_MENU)[number], LayoutIconName> = {
  'document-receipts': 'receipt',
  'supplier-document-tracking': 'truck',
  'attachments-organized': 'folder',
  'business-intelligence': 'chart',
  'dashboard-analytics': 'chart',
  'works-everywhere': 'arrowUp',
};

/** The header's Features dropdown: a disclosure button and a list of links (Tab, Enter, Escape). */
export function FeaturesMenu() {
  const { t } = useTranslation('layout');
  const menu = useDisclosure();
  const panelId = useId();
  return (
    <div className="nav-dropdown" ref={menu.rootRef} onBlur={menu.onBlur}>
      <button
        type="button"
        ref={menu.triggerRef}
        className="nav-link nav-dropdown__trigger"
        aria-expanded={menu.isOpen}
        aria-controls={panelId}
        onClick={menu.toggle}
      >
        {t('header.features')}
        <LayoutIcon name="chevronDown" size={16} />
      </button>
      <div id={panelId} className="nav-dropdown__panel nav-dropdown__panel--features" hidden={!menu.isOpen}>
        <ul className="feature-menu">
          {FEATURE_MENU.map((slug) => (
            <li key={slug}>
              <SiteLink className="feature-menu__item" to={`/product/${slug}`} onClick={menu.close}>
                <span className="feature-menu__icon">
                  <LayoutIcon name={ICONS[slug]} />
                </span>
                <span>
                  <span className="feature-menu__title">{t(`featureMenu.${slug}.title`)}</span>
                  <span className="feature-menu__text">{t(`featureMenu.${slug}.text`)}</span>
                </span>
              </SiteLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
