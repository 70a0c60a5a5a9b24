import type { TLang, TPublicBranding } from '@ferry/contracts';
import { layoutTemplate } from '../templates/layout.template';
import { escapeHtml } from './escape-html';
import type { MailBlock, MailContent, RenderedMail } from './mail.types';

export interface RenderMailOptions {
  lang: TLang;
  /** Ferry's origin, linked from the brand line. */
  publicUrl: string;
  /**
   * The sender's brand, for mails to recipients: the company logo in the brand line, the accent
   * colour on the button and links, the background image behind the card, and a 'Powered by
   * Ferry' footer unless the plan hid it.
   */
  branding?: TPublicBranding;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const POWERED_BY: Record<TLang, string> = { en: 'Powered by Ferry', zh: '由 Ferry 提供支持' };

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

function blockToHtml(block: MailBlock, accent: string): string {
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
        `<a href="${escapeHtml(block.href)}" style="display:inline-block;padding:13px 30px;background-color:${accent};color:#ffffff;` +
        `font-weight:600;text-decoration:none;border-radius:6px;">${escapeHtml(block.label)}</a></p>`
      );
    case 'link':
      return (
        `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${MUTED};">${escapeHtml(block.label)}<br>` +
        `<a href="${escapeHtml(block.href)}" style="color:${accent};word-break:break-all;">${escapeHtml(block.href)}</a></p>`
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
  const branding = options.branding;
  const accent = branding?.accentColor && HEX_COLOR.test(branding.accentColor) ? branding.accentColor : ACCENT;
  const body = content.blocks.map((block) => blockToHtml(block, accent)).join('\n');
  const home = escapeHtml(options.publicUrl);
  const showsFerry = branding?.poweredBy ?? true;
  const brandLine = branding?.logoUrl
    ? `<tr><td style="padding:20px 32px;background-color:#ffffff;border-bottom:4px solid ${accent};border-radius:8px 8px 0 0;">\n` +
      `<img src="${escapeHtml(branding.logoUrl)}" alt="" height="48" style="display:block;height:48px;max-width:240px;border:0;">\n</td></tr>`
    : `<tr><td style="padding:20px 32px;background-color:${branding?.accentColor ? accent : BRAND};border-radius:8px 8px 0 0;">\n` +
      (showsFerry ? `<a href="${home}" style="font-family:${FONT};font-size:22px;font-weight:700;letter-spacing:1px;color:#ffffff;text-decoration:none;">Ferry</a>` : '&nbsp;') +
      `\n</td></tr>`;
  // The company's background image behind the card (a mail client that shows no images keeps the grey);
  // only an http(s) URL without quotes, parentheses, backslashes or spaces, so a value can leave
  // neither the attribute nor CSS's url().
  const background = branding?.backgroundUrl && /^https?:\/\/[^\s'"()\\<>]+$/.test(branding.backgroundUrl) ? escapeHtml(branding.backgroundUrl) : null;
  const backdrop = background ? ` background="${background}"` : '';
  const backdropStyle = background ? `background-image:url('${background}');background-size:cover;background-position:center;` : '';
  const footer = !branding
    ? `${escapeHtml(layout.tagline)}<br>${escapeHtml(layout.automated)}`
    : showsFerry
      ? `<a href="${home}" style="color:#7b8794;">${escapeHtml(POWERED_BY[options.lang])}</a><br>${escapeHtml(layout.automated)}`
      : escapeHtml(layout.automated);
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
<tr><td align="center"${backdrop} style="padding:32px 16px;${backdropStyle}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid #e3e8ef;border-radius:8px;">
${brandLine}
<tr><td style="padding:32px;font-family:${FONT};font-size:16px;line-height:1.6;color:#1f2933;">
${body}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:16px 32px;font-family:${FONT};font-size:12px;line-height:1.5;color:#7b8794;text-align:center;">
${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const buttonHrefs = new Set(content.blocks.flatMap((block) => (block.type === 'button' ? [block.href] : [])));
  const signature = !branding ? [layout.tagline, layout.automated, options.publicUrl] : showsFerry ? [POWERED_BY[options.lang], layout.automated, options.publicUrl] : [layout.automated];
  const text = [
    ...(showsFerry ? ['Ferry', ''] : []),
    ...content.blocks
      .map((block) => blockToText(block, buttonHrefs, layout.colon))
      .filter((part) => part !== '')
      .flatMap((part) => [part, '']),
    '-- ',
    ...signature,
    '',
  ].join('\n');
  return { subject, html, text };
}
