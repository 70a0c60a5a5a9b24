import { DATA_EXPORT_LINK_DAYS, type TAccountDeletionRequested, type TDataExportReady } from '@ferry/contracts';
import { accountDeletionTemplate, dataExportTemplate } from '../templates/account-lifecycle.templates';
import type { RenderedMail } from './mail.types';
import { renderMail } from './render-mail';

/** The mailed link of an export: the gateway swaps it for a signed download of the ZIP. */
export function dataExportLink(publicUrl: string, exportId: string, token: string): string {
  return `${publicUrl}/api/v1/exports/${encodeURIComponent(exportId)}/${encodeURIComponent(token)}`;
}

export function renderAccountDeletionMail(event: Pick<TAccountDeletionRequested, 'email' | 'lang' | 'deletionDueAt'>, options: { publicUrl: string }): RenderedMail {
  const date = new Intl.DateTimeFormat(event.lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(event.deletionDueAt));
  const loginLink = `${options.publicUrl}/login?user=${encodeURIComponent(event.email)}`;
  return renderMail(accountDeletionTemplate[event.lang]({ date, loginLink }), { lang: event.lang, publicUrl: options.publicUrl });
}

export function renderDataExportMail(event: Pick<TDataExportReady, 'lang' | 'exportId' | 'token'>, options: { publicUrl: string }): RenderedMail {
  const link = dataExportLink(options.publicUrl, event.exportId, event.token);
  return renderMail(dataExportTemplate[event.lang]({ link, days: DATA_EXPORT_LINK_DAYS }), { lang: event.lang, publicUrl: options.publicUrl });
}
