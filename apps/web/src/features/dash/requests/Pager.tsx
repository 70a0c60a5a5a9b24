import { useTranslation } from 'react-i18next';

/** Previous / next over a list of `total` rows shown `size` at a time from `skip`; nothing when one page holds them all. */
export function Pager({ skip, size, total, onSkip }: { skip: number; size: number; total: number; onSkip: (skip: number) => void }) {
  const { t } = useTranslation('inbox');
  if (total <= size) return null;
  const page = Math.floor(skip / size) + 1;
  const pages = Math.ceil(total / size);
  return (
    <nav className="inbox-pager" aria-label={t('pager.label')}>
      <button type="button" className="button button--ghost" disabled={skip === 0} onClick={() => onSkip(Math.max(0, skip - size))}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.page', { page, pages })}</span>
      <button type="button" className="button button--ghost" disabled={skip + size >= total} onClick={() => onSkip(skip + size)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
