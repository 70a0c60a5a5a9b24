import type { TLang } from '@ferry/contracts';
import { layoutTemplate } from '../templates/layout.template';
import { escapeHtml } from './escape-html';
import type { MailBlock, MailContent, RenderedMail } from './mail.types';

export interface RenderMailOptions {
  lang: TLang;
  /** Ferry's origin, linked from the brand line. */
  publicUrl: string;
}

const BRAND = '#0b3a66';
const ACCENT = '#0f6fde';
const MUTED = '#52606d';
const FONT =
  "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,'PingFang SC','Hiragino Sans GB','Microsoft YaHei',sans-serif";
const MONO = "'SFMono-Regular',Menlo,Consolas,'Courier New',monospace";

/** One line of text, so a value can never add a header or break a subject. */
function singleLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function blockToHtml(block: MailBlock): string {
  switch (block.type) {
    case 'heading':
      return `<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;font-weight:700;color:${BRAND};">${escapeHtml(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${escapeHtml(block.text)}</p>`;
    case 'code':
      return (
        `<p style="margin:24px 0;text-align:center;">` +
        `<span style="display:inline-block;padding:14px 28px;font-family:${MONO};font-size:34px;line-height:1;font-weight:700;` +
        `letter-spacing:10px;color:${BRAND};background-color:#eef3f8;border:1px solid #d4e0ec;border-radius:8px;">${escapeHtml(block.text)}</span></p>`
      );
    case 'button':
      return (
        `<p style="margin:28px 0;text-align:center;">` +
        `<a href="${escapeHtml(block.href)}" style="display:inline-block;padding:13px 30px;background-color:${ACCENT};color:#ffffff;` +
        `font-weight:600;text-decoration:none;border-radius:6px;">${escapeHtml(block.label)}</a></p>`
      );
    case 'link':
      return (
        `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${MUTED};">${escapeHtml(block.label)}<br>` +
        `<a href="${escapeHtml(block.href)}" style="color:${ACCENT};word-break:break-all;">${escapeHtml(block.href)}</a></p>`
      );
    case 'note':
      return `<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:${MUTED};">${escapeHtml(block.text)}</p>`;
  }
}

function blockToText(block: MailBlock, buttonHrefs: Set<string>, colon: string): string {
  switch (block.type) {
    case 'code':
      return `    ${block.text}`;
    case 'button':
      return `${block.label}${colon}\n${block.href}`;
    case 'link':
      // The text part already spells out a button's address.
      return buttonHrefs.has(block.href) ? '' : `${block.label}\n${block.href}`;
    default:
      return block.text;
  }
}

/** Turns a template's content into a branded, inline-styled HTML part and a plain-text part. */
export function renderMail(content: MailContent, options: RenderMailOptions): RenderedMail {
  const layout = layoutTemplate[options.lang];
  const subject = singleLine(content.subject);
  const body = content.blocks.map(blockToHtml).join('\n');
  const home = escapeHtml(options.publicUrl);
  const html = `<!doctype html>
<html lang="${layout.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f5f8;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(singleLine(content.preheader))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f5f8;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid #e3e8ef;border-radius:8px;">
<tr><td style="padding:20px 32px;background-color:${BRAND};border-radius:8px 8px 0 0;">
<a href="${home}" style="font-family:${FONT};font-size:22px;font-weight:700;letter-spacing:1px;color:#ffffff;text-decoration:none;">Ferry</a>
</td></tr>
<tr><td style="padding:32px;font-family:${FONT};font-size:16px;line-height:1.6;color:#1f2933;">
${body}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:16px 32px;font-family:${FONT};font-size:12px;line-height:1.5;color:#7b8794;text-align:center;">
${escapeHtml(layout.tagline)}<br>${escapeHtml(layout.automated)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const buttonHrefs = new Set(content.blocks.flatMap((block) => (block.type === 'button' ? [block.href] : [])));
  const text = [
    'Ferry',
    '',
    ...content.blocks
      .map((block) => blockToText(block, buttonHrefs, layout.colon))
      .filter((part) => part !== '')
      .flatMap((part) => [part, '']),
    '-- ',
    layout.tagline,
    layout.automated,
    options.publicUrl,
    '',
  ].join('\n');
  return { subject, html, text };
}
