import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Ferry's mark (a hull carrying a parcel over a wave) and wordmark; the wordmark is the product name. */
export function Logo() {
  const { t } = useTranslation();
  const gradientId = `ferry-logo-${useId().replace(/:/g, '')}`;
  return (
    <span className="brand">
      <svg className="brand__mark" width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
        <path d="M9 12h14v5H9z" fill="#fff" opacity="0.9" />
        <path d="M6 18h20l-3 5H9z" fill="#fff" />
        <path d="M5 26c2.5 0 2.5-1.5 5-1.5s2.5 1.5 5 1.5 2.5-1.5 5-1.5 2.5 1.5 5 1.5" stroke="#bcd3ff" strokeWidth="1.6" fill="none" strokeLinecap="round" />
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
            <stop stopColor="#2f7bff" />
            <stop offset="1" stopColor="#0637b8" />
          </linearGradient>
        </defs>
      </svg>
      <span className="brand__name">{t('appName')}</span>
    </span>
  );
}
