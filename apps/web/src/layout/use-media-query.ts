import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; `fallback` where matchMedia does not exist (tests, old browsers). */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/** Below this width the header collapses into the mobile menu (keep in step with layout.css). */
export const SMALL_SCREEN_QUERY = '(max-width: 719.98px)';
