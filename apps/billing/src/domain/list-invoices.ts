import type { BILLING_RPC, TInvoice } from '@ferry/contracts';
import { billingAdminOf } from './billing-caller';
import type { BillingDeps, RpcRequest } from './billing.ports';

/** An invoice's number as the admin reads it (the billing tab, the receipt): FERRY-000042. */
export const invoiceNumberOf = (number: string): string => `FERRY-${number.padStart(6, '0')}`;

export async function listInvoices(deps: BillingDeps, request: RpcRequest<typeof BILLING_RPC.listInvoices>): Promise<{ items: TInvoice[] }> {
  const invoices = await deps.store.listInvoices(billingAdminOf(request.caller).adminId);
  return {
    items: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoiceNumberOf(invoice.number),
      planCode: invoice.planCode,
      amount: invoice.amount,
      currency: invoice.currency,
      status: invoice.status,
      created: invoice.createdAt.getTime(),
      periodStart: invoice.periodStart.getTime(),
      periodEnd: invoice.periodEnd.getTime(),
      url: invoice.hostedUrl ?? null,
    })),
  };
}
