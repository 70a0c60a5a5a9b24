import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The closing sign-up prompt of the marketing pages: 'Try free for 7-days' to pricing with the free plan. */
export function TryFreePrompt({ heading, text }: { heading?: string; text?: string }) {
  const { t } = useTranslation('marketing');
  return (
    <section className="mk-cta" aria-labelledby="try-free-heading">
      <div className="mk-cta__inner">
        <h2 id="try-free-heading">{heading ?? t('cta.heading')}</h2>
        <p>{text ?? t('cta.text')}</p>
        <div className="mk-cta__actions">
          <Link className="button button--large button--light" to="/pricing?plan=free">
            {t('cta.tryFree')}
          </Link>
          <Link className="button button--large button--outline-light" to="/?send=1">
            {t('cta.sendNow')}
          </Link>
        </div>
        <p className="mk-cta__fine">{t('cta.fine')}</p>
      </div>
    </section>
  );
}
