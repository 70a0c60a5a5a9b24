import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/store';
import { Icon } from './icons';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

/**
 * `/thankyou` and `/accept-invite` ('first': the account is ready) and `/thankyou2` ('second': a
 * request or purchase received, a reply follows by email).
 */
export default function ThankYouPage({ variant = 'first' }: { variant?: 'first' | 'second' }) {
  const { t } = useTranslation('marketing');
  const copy = useCopy();
  const isSignedIn = useAppSelector((s) => s.session.status === 'signedIn');
  const base = `thankYou.${variant}`;
  useDocumentTitle(t(`${base}.title`));
  return (
    <main className="mk thank-you">
      <section className="mk-wrap mk-wrap--narrow thank-you__card">
        <span className="thank-you__icon">
          <Icon name="check" size={40} />
        </span>
        <h1>{t(`${base}.heading`)}</h1>
        <p className="mk-hero__lead">{t(`${base}.lead`)}</p>
        <ul className="thank-you__next">
          {copy.list(`${base}.next`).map((step) => (
            <li key={step}>
              <Icon name="arrowRight" size={18} />
              {step}
            </li>
          ))}
        </ul>
        <div className="hero__actions hero__actions--center">
          {variant === 'first' ? (
            <Link className="button button--large" to={isSignedIn ? '/dash' : '/login'}>
              {isSignedIn ? t('thankYou.toDash') : t('thankYou.toLogin')}
            </Link>
          ) : (
            <Link className="button button--large" to="/">
              {t('thankYou.toHome')}
            </Link>
          )}
          <Link className="button button--large button--ghost" to="/support?article=getting-started">
            {t('thankYou.gettingStarted')}
          </Link>
        </div>
      </section>
    </main>
  );
}
