import { useTranslation } from 'react-i18next';
import { useListInvoicesQuery } from './billing.api';
import { useBillingFormat } from './format';

/** Invoices, newest first: number, date, amount, status. */
export function InvoiceList() {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const { data } = useListInvoicesQuery();
  const items = data?.items ?? [];
  return (
    <section className="dash-card billing-invoices" aria-labelledby="billing-invoices-title">
      <h3 id="billing-invoices-title">{t('billingTab.invoices')}</h3>
      {items.length === 0 ? (
        <p className="hint">{t('billingTab.noInvoices')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('billingTab.invoiceNumber')}</th>
              <th scope="col">{t('billingTab.invoiceDate')}</th>
              <th scope="col">{t('billingTab.invoiceAmount')}</th>
              <th scope="col">{t('billingTab.invoiceStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((invoice) => (
              <tr key={invoice.id}>
                <td>{invoice.url && /^https?:\/\//.test(invoice.url) ? <a href={invoice.url}>{invoice.number}</a> : invoice.number}</td>
                <td>{format.date(invoice.created)}</td>
                <td>{format.money(invoice.amount, invoice.currency)}</td>
                <td>{t(`billingTab.invoiceStatuses.${invoice.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
