import './country-flag.css';

/**
 * flag-icons' 4x3 SVGs as URLs: the browser fetches a flag only when one is shown (importing the
 * package's CSS put every flag, many inlined, into the first page's stylesheet: 436 KB).
 */
const FLAG_URLS = import.meta.glob<string>('../../../../node_modules/flag-icons/flags/4x3/*.svg', { query: '?url', import: 'default', eager: true });
const BY_CODE = new Map(Object.entries(FLAG_URLS).map(([path, url]) => [/([a-z0-9-]+)\.svg$/.exec(path)?.[1] ?? '', url]));

/** The flag image of an ISO 3166-1 alpha-2 code, or undefined for an unknown one. */
export function flagUrlOf(code: string | null | undefined): string | undefined {
  const cc = (code ?? '').toLowerCase();
  return /^[a-z]{2}$/.test(cc) ? BY_CODE.get(cc) : undefined;
}

/**
 * A country's flag (flag-icons), named for screen readers by the country's name. An unknown or
 * missing code shows a neutral grey box with the same name.
 */
export function CountryFlag({ code, name }: { code: string | null | undefined; name: string }) {
  const url = flagUrlOf(code);
  const cc = (code ?? '').toLowerCase();
  if (!url) return <span className="country-flag country-flag--unknown" role="img" aria-label={name} title={name} />;
  return <img className={`country-flag country-flag--${cc}`} src={url} alt={name} title={name} width={16} height={12} loading="lazy" decoding="async" />;
}
