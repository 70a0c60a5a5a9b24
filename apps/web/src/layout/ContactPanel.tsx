import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LayoutIcon } from './LayoutIcons';
import { SUPPORT_EMAIL } from './site-links';

/** The small 'Contact us' panel the footer opens: the support address and the help center. */
export function ContactPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('layout');
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div className="contact-panel" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <div className="contact-panel__head">
        <span className="contact-panel__icon">
          <LayoutIcon name="chat" />
        </span>
        <h2 id={titleId}>{t('contact.title')}</h2>
        <button ref={closeRef} type="button" className="icon-button" aria-label={t('contact.close')} onClick={onClose}>
          <LayoutIcon name="close" size={18} />
        </button>
      </div>
      <p>{t('contact.text')}</p>
      <a className="button contact-panel__mail" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('contact.subject'))}`}>
        <LayoutIcon name="mail" size={18} />
        {SUPPORT_EMAIL}
      </a>
      <p className="hint">{t('contact.hours')}</p>
      <Link className="contact-panel__help" to="/support" onClick={onClose}>
        {t('contact.helpCenter')}
      </Link>
    </div>
  );
}
