import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPublicBranding } from '@ferry/contracts';
import './branding.css';
import { SiteLink } from '../../layout/site-link';

const HEX = /^#[0-9a-f]{6}$/i;
/** Only our own picture paths are put into CSS (a url() of anything else is not). */
const PICTURE_PATH = /^\/api\/v1\/public\/pictures\/[0-9a-f-]{36}$/;

/** The page's accent colour and background as CSS: the buttons and links of the page take the accent. */
export function brandStyle(branding: TPublicBranding | undefined): CSSProperties | undefined {
  if (!branding) return undefined;
  const style: Record<string, string> = {};
  if (branding.accentColor && HEX.test(branding.accentColor)) {
    style['--blue'] = branding.accentColor;
    style['--blue-dark'] = `color-mix(in srgb, ${branding.accentColor} 82%, black)`;
    style['--brand-accent'] = branding.accentColor;
  }
  if (branding.backgroundUrl && PICTURE_PATH.test(branding.backgroundUrl)) style['--brand-background'] = `url("${branding.backgroundUrl}")`;
  return style as CSSProperties;
}

/**
 * A download or request page in the sender's brand: the company logo above the card, the accent
 * colour and background, and the 'Powered by Ferry' mark unless a Business plan hid it.
 */
export function BrandFrame({ branding, className, children, footer }: { branding: TPublicBranding | undefined; className: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation('account');
  const hasBackground = Boolean(branding?.backgroundUrl && PICTURE_PATH.test(branding.backgroundUrl));
  return (
    <div className={`brand-frame${hasBackground ? ' brand-frame--background' : ''}`} style={brandStyle(branding)} data-testid="brand-frame">
      <main className={className}>
        {branding?.logoUrl ? (
          <p className="brand-frame__logo">
            <img src={branding.logoUrl} alt={t('customize.companyLogo')} />
          </p>
        ) : null}
        {children}
        {branding?.poweredBy === false ? null : (
          <>
            {footer}
            <p className="brand-frame__powered">
              <SiteLink to="/">{t('customize.poweredByMark')}</SiteLink>
            </p>
          </>
        )}
      </main>
    </div>
  );
}
