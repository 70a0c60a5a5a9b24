/**
 * The file name a download is saved under, from `Content-Disposition` (RFC 6266): the exact name
 * in `filename*=UTF-8''…` first, then the `filename="…"` fallback, then the URL's last segment.
 * Whatever the server says, the result is one plain name: no folders, no `..`, no control bytes.
 */
export function downloadFilename(disposition: string | null, url: URL): string {
  return (
    safeFilename(extendedFilename(disposition)) ??
    safeFilename(plainFilename(disposition)) ??
    safeFilename(decodeOrKeep(url.pathname.split('/').filter(Boolean).pop())) ??
    'download'
  );
}

/** `filename*=charset'lang'percent-encoded`; UTF-8 and ISO-8859-1 are the charsets RFC 8187 requires. */
export function extendedFilename(disposition: string | null): string | undefined {
  const match = /(?:^|;)\s*filename\*\s*=\s*([^';\s]*)'[^']*'([^;\s]+)/i.exec(disposition ?? '');
  if (!match) return undefined;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    // Each percent-encoded byte is one Latin-1 character.
    if (charset === 'iso-8859-1') return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return undefined;
  }
  return undefined;
}

/** `filename="quoted \"name\""` or `filename=token`. */
export function plainFilename(disposition: string | null): string | undefined {
  const text = disposition ?? '';
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(text);
  if (quoted) return (quoted[1] ?? '').replace(/\\(.)/g, '$1');
  return /(?:^|;)\s*filename\s*=\s*([^";\s]+)/i.exec(text)?.[1];
}

/** The last segment after any `/` or `\`, without control characters; undefined when nothing usable is left. */
export function safeFilename(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const last = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (last === '' || last === '.' || last === '..') return undefined;
  return last;
}

function decodeOrKeep(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
