import { useSyncExternalStore, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';

const subscribe = () => () => {};
const readFerryHome = (): string | null => document.querySelector('meta[name="ferry-home"]')?.getAttribute('content') ?? null;

/**
 * Ferry's own origin when this page is served on a company's download host (files.acme.com), else
 * null. The gateway puts it in such pages as `<meta name="ferry-home">`; there only the download and
 * request pages exist, so links to Ferry's site (log in, pricing, features) go to Ferry's origin.
 * Null while a prerendered page hydrates (as on the server), then the page's value.
 */
export function useFerryHome(): string | null {
  return useSyncExternalStore(subscribe, readFerryHome, () => null);
}

/** A link to a page of Ferry's site: in the app as always; on a company's host, a plain link to Ferry's origin. */
export function SiteLink(props: { to: string; className?: string; nav?: boolean; onClick?: () => void; 'aria-label'?: string; children: ReactNode }) {
  const { to, nav, ...rest } = props;
  const home = useFerryHome();
  if (home) return <a href={`${home}${to}`} {...rest} />;
  return nav ? <NavLink to={to} {...rest} /> : <Link to={to} {...rest} />;
}
