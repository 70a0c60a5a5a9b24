/** Line icons for the marketing pages (24x24, stroked with currentColor, decorative). */
const PATHS = {
  upload: 'M12 16V4M6 10l6-6 6 6M4 20h16',
  resume: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  inbox: 'M3 13l3-8h12l3 8v6H3zM3 13h5l1 3h6l1-3h5',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  chart: 'M4 20h16M7 16v-5M12 16V7M17 16v-8',
  language: 'M4 5h8M8 3v2M6 5c0 4 2.5 7 6 8.5M10 5c-.8 4-3 7-6 8.5M13 21l4-9 4 9M14.5 18h5',
  bell: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 21a2 2 0 0 0 4 0',
  check: 'M5 12.5l4.5 4.5L19 7',
  cross: 'M7 7l10 10M17 7L7 17',
  folder: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  video: 'M3 7h12v10H3zM15 10.5l6-3.5v10l-6-3.5',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  lock: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  ban: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.6 5.6l12.8 12.8',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14.5a7 7 0 0 1 4 6.5',
  factory: 'M3 21V10l5 3v-3l5 3V6l8 4v11zM3 21h18',
  truck: 'M2 6h12v10H2zM14 10h4l3 3v3h-7M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  pen: 'M4 20l4-1L19 8l-3-3L5 16zM14 7l3 3',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM16 16l5 5',
  store: 'M3 9l2-5h14l2 5M4 9v11h16V9M3 9h18M9 20v-6h6v6',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  device: 'M4 5h16v11H4zM2 19h20M16 9v9h5V9z',
  sparkle: 'M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6',
  gift: 'M3 10h18v4H3zM5 14h14v7H5zM12 10v11M12 10c-2 0-5-1-5-3.5S10 5 12 10c2-5 5-6 5-3.5S14 10 12 10z',
  arrowRight: 'M5 12h14M13 6l6 6-6 6',
  book: 'M4 4h6a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H4zM20 4h-6a3 3 0 0 0-3 3v13a2 2 0 0 1 2-2h7z',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  handshake: 'M2 12l4-4 4 1 3-2 4 1 5 4M6 8l-4 4 5 5 2-1 2 2 2-1 2 2 3-3M9 15l2-2M12 17l2-2',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
