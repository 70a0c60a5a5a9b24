import { useTranslation } from 'react-i18next';
import { pageCount, PAGE_SIZE } from './list-query';

interface PagerProps {
  page: number;
  /** The tab's count, when the list is a whole tab (a search or a filter has no count). */
  total: number | null;
  shown: number;
  onPage: (page: number) => void;
}

/** Previous and next page (30 a page); 'Page 2 of 4' when the count is known. */
export function TransferListPager({ page, total, shown, onPage }: PagerProps) {
  const { t } = useTranslation('transfers');
  const pages = total === null ? null : pageCount(total);
  const hasNext = pages === null ? shown === PAGE_SIZE : page < pages;
  if (page === 1 && !hasNext) return null;
  return (
    <nav className="transfers-pager" aria-label={t('pager.label')}>
      <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{pages === null ? t('pager.page', { page }) : t('pager.pageOf', { page, pages })}</span>
      <button type="button" className="button button--ghost" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
