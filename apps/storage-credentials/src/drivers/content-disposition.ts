/**
 * `Content-Disposition: attachment` with an RFC 6266 filename: an ASCII fallback in `filename`
 * and the exact name, UTF-8 percent-encoded, in `filename*`.
 */
export function attachmentDisposition(filename: string): string {
  const name = filename.replace(/[\r\n"\\/]/g, '_').trim() || 'download';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const ACTIVE_TYPES = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[a-z]+\/[a-z0-9.+-]*\+xml)\b/i;
const ACTIVE_EXTENSIONS = /\.(html?|xhtml|svgz?|xml|xsl|xslt)$/i;

/**
 * HTML, SVG and XML could run script if a browser rendered them from our origin, so they are
 * always served as opaque bytes (and always as attachments, with `nosniff`).
 */
export function isActiveContent(filename: string, contentType?: string): boolean {
  return ACTIVE_EXTENSIONS.test(filename) || (contentType !== undefined && ACTIVE_TYPES.test(contentType));
}

/** The Content-Type a download is served with. */
export function downloadContentType(filename: string, contentType?: string): string {
  if (!contentType || isActiveContent(filename, contentType)) return 'application/octet-stream';
  return contentType;
}
