import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from './icons';

interface PageHeroProps {
  icon: IconName;
  eyebrow: string;
  heading: string;
  lead: string;
  /** The main call to action; the second is always 'Send a file now'. */
  primary: { to: string; label: string };
  /** What stands beside the text (an illustration, a list of facts). */
  aside: ReactNode;
}

/** The hero of a feature or landing page: eyebrow, heading, lead, two actions, and something beside them. */
export function PageHero({ icon, eyebrow, heading, lead, primary, aside }: PageHeroProps) {
  const { t } = useTranslation('marketing');
  return (
    <section className="mk-hero">
      <div className="mk-wrap mk-split mk-split--hero">
        <div>
          <p className="eyebrow">
            <Icon name={icon} size={16} />
            {eyebrow}
          </p>
          <h1>{heading}</h1>
          <p className="mk-hero__lead">{lead}</p>
          <div className="hero__actions">
            <Link className="button button--large" to={primary.to}>
              {primary.label}
            </Link>
            <Link className="button button--large button--ghost" to="/?send=1">
              {t('cta.sendNow')}
            </Link>
          </div>
        </div>
        {aside}
      </div>
    </section>
  );
}
