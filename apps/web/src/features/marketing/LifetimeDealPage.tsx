import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { LifetimeRedeemForm } from './LifetimeRedeemForm';
import { StepsList } from './StepsList';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

/** `/lifetime-deal`: the landing page for lifetime-deal buyers: how to redeem, the code form and what is included. */
export default function LifetimeDealPage() {
  const { t } = useTranslation('marketing');
  const copy = useCopy();
  useDocumentTitle(t('lifetime.title'));
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
            <StepsList steps={copy.list('lifetime.redeem.steps')} />
            <LifetimeRedeemForm />
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
