import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TContact } from '@ferry/contracts';
import { useDateTimeFormat } from '../../download/format-date';

/** Quick send on /dash with this address already in its recipients (`?to=`, read once by the panel). */
export function sendToPath(email: string): string {
  return `/dash?to=${encodeURIComponent(email)}`;
}

function ContactRow({ contact }: { contact: TContact }) {
  const { t } = useTranslation('inbox');
  const navigate = useNavigate();
  const formatDate = useDateTimeFormat();
  return (
    <tr>
      <td data-label={t('contacts.name')}>{contact.name ?? <span className="hint">—</span>}</td>
      <td data-label={t('contacts.email')} className="contacts-table__email">
        {contact.email}
      </td>
      <td data-label={t('contacts.company')}>{contact.company ?? <span className="hint">—</span>}</td>
      <td data-label={t('contacts.lastSent')}>{contact.lastSent ? formatDate(contact.lastSent) : <span className="hint">—</span>}</td>
      <td className="contacts-table__action">
        <button type="button" className="button button--ghost" aria-label={t('contacts.sendTo', { email: contact.email })} onClick={() => navigate(sendToPath(contact.email))}>
          {t('contacts.send')}
        </button>
      </td>
    </tr>
  );
}

/** The contacts as a table (a card per contact on a phone). */
export function ContactRows({ contacts }: { contacts: TContact[] }) {
  const { t } = useTranslation('inbox');
  return (
    <table className="dash-card contacts-table">
      <caption className="visually-hidden">{t('contacts.tableLabel')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('contacts.name')}</th>
          <th scope="col">{t('contacts.email')}</th>
          <th scope="col">{t('contacts.company')}</th>
          <th scope="col">{t('contacts.lastSent')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('contacts.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {contacts.map((contact) => (
          <ContactRow key={contact.email} contact={contact} />
        ))}
      </tbody>
    </table>
  );
}
