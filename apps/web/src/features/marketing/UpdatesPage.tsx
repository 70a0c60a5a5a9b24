import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from './icons';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

/** The monthly updates, newest first; each is `updates.entries.<month>` in the marketing namespace. */
const MONTHS = ['2026-11', '2026-10', '2026-09', '2026-08', '2026-07'] as const;

/** `/updates`: what changed in Ferry, month by month. */
export default function UpdatesPage() {
  const { t, i18n } = useTranslation('marketing');
  const copy = useCopy();
  useDocumentTitle(t('updates.title'));
  const monthName = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <main className="mk updates">
      <section className="mk-hero mk-hero--center">
        <div className="mk-wrap mk-wrap--narrow">
          <p className="eyebrow eyebrow--plain">{t('updates.eyebrow')}</p>
          <h1>{t('updates.heading')}</h1>
          <p className="mk-hero__lead">{t('updates.lead')}</p>
        </div>
      </section>
      <section className="mk-section mk-section--flush" aria-label={t('updates.listLabel')}>
        <ol className="changelog mk-wrap mk-wrap--narrow">
          {MONTHS.map((month) => (
            <li key={month} className="changelog__entry">
              <time className="changelog__date" dateTime={month}>
                {monthName.format(new Date(`${month}-01T00:00:00Z`))}
              </time>
              <article className="changelog__card">
                <span className="changelog__tag">
                  <Icon name="sparkle" size={14} />
                  {t(`updates.entries.${month}.tag`)}
                </span>
                <h2>{t(`updates.entries.${month}.title`)}</h2>
                <p>{t(`updates.entries.${month}.summary`)}</p>
                <ul>
                  {copy.list(`updates.entries.${month}.changes`).map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ol>
        <p className="mk-more mk-wrap mk-wrap--narrow">
          <Link to="/roadmap">{t('updates.roadmapLink')}</Link>
        </p>
      </section>
    </main>
  );
}
