import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../app/PageStates';
import { useDocumentTitle } from '../../marketing/use-document-title';
import { LoadFailed } from '../requests/LoadFailed';
import { Pager } from '../requests/Pager';
import { ContactRows } from './ContactRows';
import { CONTACTS_PAGE_SIZE, useContactPageQuery } from './dash-contacts.api';
import './contacts.css';

/** Waits until the typing stops before the search goes to the server. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** /dash/contacts: everyone the user has sent to by email, searched on the server, one click to send them files. */
export default function ContactsPage() {
  const { t } = useTranslation('inbox');
  useDocumentTitle(t('contacts.title'));
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [skip, setSkip] = useState(0);
  const search = useSettled(typed.trim(), 250);
  const { data, isFetching, isLoading, isError, refetch } = useContactPageQuery({ search, skip }, { refetchOnMountOrArgChange: true });

  return (
    <div className="contacts-page">
      <div className="dash-page__head">
        <h1 className="dash-page__title">{t('contacts.title')}</h1>
        <div className="contacts-search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('contacts.search')}
          </label>
          <input id={searchId} type="search" className="input" value={typed} placeholder={t('contacts.searchPlaceholder')} onChange={(e) => {
              setTyped(e.target.value);
              setSkip(0);
            }} />
        </div>
      </div>
      {isLoading ? <PageLoading /> : null}
      {isError ? <LoadFailed message={t('contacts.loadFailed')} onRetry={() => void refetch()} /> : null}
      {data && data.total === 0 ? (
        <div className="dash-card dash-empty" role="status">
          {search ? <p>{t('contacts.noMatch', { search })}</p> : <p>{t('contacts.empty')}</p>}
        </div>
      ) : null}
      {data && data.items.length > 0 ? (
        <div aria-busy={isFetching}>
          <p className="hint contacts-count">{t('contacts.count', { count: data.total })}</p>
          <ContactRows contacts={data.items} />
          <Pager skip={skip} size={CONTACTS_PAGE_SIZE} total={data.total} onSkip={setSkip} />
        </div>
      ) : null}
    </div>
  );
}
