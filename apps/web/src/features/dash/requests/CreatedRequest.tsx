import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TCreatedRequest } from '@ferry/contracts';
import { CopyLinkButton } from './CopyLinkButton';

/** Right after creating: the link to share, copy and open. */
export function CreatedRequest({ created, onClose }: { created: TCreatedRequest; onClose: () => void }) {
  const { t } = useTranslation('inbox');
  const linkId = useId();
  return (
    <section className="dash-card requests-created" role="status" aria-label={t('requests.readyTitle')}>
      <h2 className="requests-form__title">{t('requests.readyTitle')}</h2>
      <p className="hint">{t('requests.readyText')}</p>
      <div className="field">
        <label htmlFor={linkId}>{t('requests.linkLabel')}</label>
        <div className="requests-created__link">
          <input id={linkId} readOnly value={created.url} onFocus={(e) => e.currentTarget.select()} />
          <CopyLinkButton url={created.url} />
        </div>
      </div>
      <div className="requests-form__actions">
        <Link className="button" to={`/dash/requests/${created.slug}`}>
          {t('requests.open')}
        </Link>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('requests.done')}
        </button>
      </div>
    </section>
  );
}
