import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../layout/site-links';
import { Icon } from './icons';
import { StepsList } from './StepsList';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

/** `/lifetime-deal`: the landing page for lifetime-deal buyers: how to redeem and what is included. */
export default function LifetimeDealPage() {
  const { t } = useTranslation('marketing');
  const copy = useCopy();
  useDocumentTitle(t('lifetime.title'));
  const redeemHref = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('lifetime.subject'))}`;
  return (
    <main className="mk lifetime">
      <section className="mk-hero mk-hero--center">
        <div className="mk-wrap mk-wrap--narrow">
          <p className="eyebrow">
            <Icon name="gift" size={16} />
            {t('lifetime.eyebrow')}
          </p>
          <h1>{t('lifetime.heading')}</h1>
          <p className="mk-hero__lead">{t('lifetime.lead')}</p>
        </div>
      </section>
      <section className="mk-section mk-section--flush">
        <div className="mk-wrap mk-split">
          <div>
            <h2>{t('lifetime.redeem.heading')}</h2>
            <StepsList steps={copy.list('lifetime.redeem.steps', { email: SUPPORT_EMAIL })} />
            <div className="hero__actions">
              <Link className="button button--large" to="/register?plan=Free">
                {t('lifetime.createAccount')}
              </Link>
              <a className="button button--large button--ghost" href={redeemHref}>
                {t('lifetime.emailCode')}
              </a>
            </div>
          </div>
          <div className="mk-callout">
            <h3>{t('lifetime.included.heading')}</h3>
            <ul>
              {copy.list('lifetime.included.items').map((item) => (
                <li key={item}>
                  <Icon name="check" size={20} />
                  {item}
                </li>
              ))}
            </ul>
            <p className="hint">{t('lifetime.fine')}</p>
          </div>
        </div>
      </section>
    </main>
  );
}
