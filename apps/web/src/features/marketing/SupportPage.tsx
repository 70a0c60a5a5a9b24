import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SUPPORT_EMAIL } from '../../layout/site-links';
import { Icon, type IconName } from './icons';
import { SUPPORT_ARTICLES, type TSupportArticle } from './support-articles';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';


const ARTICLE_ICONS: Record<TSupportArticle, IconName> = {
  'getting-started': 'sparkle',
  sending: 'upload',
  downloads: 'link',
  requests: 'inbox',
  security: 'shield',
  billing: 'card',
  privacy: 'lock',
  terms: 'book',
};

function isArticle(value: string | null): value is TSupportArticle {
  return (SUPPORT_ARTICLES as readonly string[]).includes(value ?? '');
}

function ContactBox() {
  const { t } = useTranslation('marketing');
  return (
    <aside className="support-contact" aria-labelledby="support-contact-heading">
      <h2 id="support-contact-heading">{t('support.contact.heading')}</h2>
      <p>{t('support.contact.text')}</p>
      <a className="button" href={`mailto:${SUPPORT_EMAIL}`}>
        <Icon name="mail" size={18} />
        {SUPPORT_EMAIL}
      </a>
    </aside>
  );
}

function Article({ article }: { article: TSupportArticle }) {
  const { t } = useTranslation('marketing');
  const copy = useCopy();
  const base = `support.articles.${article}`;
  useDocumentTitle(t(`${base}.title`));
  const sections = copy.items(`${base}.sections`);
  return (
    <main className="mk support support--article">
      <div className="mk-wrap support__layout">
        <nav className="support__nav" aria-label={t('support.articlesLabel')}>
          <Link className="support__back" to="/support">
            {t('support.allArticles')}
          </Link>
          <ul>
            {SUPPORT_ARTICLES.map((other) => (
              <li key={other}>
                <Link to={`/support?article=${other}`} aria-current={other === article ? 'page' : undefined}>
                  {t(`support.articles.${other}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="support__article mk-prose">
          <p className="eyebrow eyebrow--plain">{t('support.eyebrow')}</p>
          <h1>{t(`${base}.title`)}</h1>
          <p className="lead">{t(`${base}.summary`)}</p>
          {sections.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {section.text.split('\n\n').map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
          {(article === 'privacy' || article === 'terms') && <p className="hint">{t('support.legalUpdated')}</p>}
          <ContactBox />
        </article>
      </div>
    </main>
  );
}

/** `/support/*`: the help center; `?article=` opens an article, otherwise (or for an unknown one) the list. */
export default function SupportPage() {
  const [params] = useSearchParams();
  const requested = params.get('article');
  if (isArticle(requested)) return <Article key={requested} article={requested} />;
  return <ArticleList isUnknown={requested !== null} />;
}

function ArticleList({ isUnknown }: { isUnknown: boolean }) {
  const { t } = useTranslation('marketing');
  useDocumentTitle(t('support.title'));
  return (
    <main className="mk support">
      <section className="mk-hero mk-hero--center">
        <div className="mk-wrap mk-wrap--narrow">
          <p className="eyebrow eyebrow--plain">{t('support.eyebrow')}</p>
          <h1>{t('support.heading')}</h1>
          <p className="mk-hero__lead">{t('support.lead')}</p>
          {isUnknown && (
            <p className="notice" role="status">
              {t('support.unknownArticle')}
            </p>
          )}
        </div>
      </section>
      <section className="mk-section mk-section--flush" aria-label={t('support.articlesLabel')}>
        <ul className="mk-wrap article-grid">
          {SUPPORT_ARTICLES.map((article) => (
            <li key={article}>
              <Link className="article-card" to={`/support?article=${article}`}>
                <span className="feature-card__icon">
                  <Icon name={ARTICLE_ICONS[article]} />
                </span>
                <strong>{t(`support.articles.${article}.title`)}</strong>
                <span>{t(`support.articles.${article}.summary`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mk-wrap mk-wrap--narrow">
          <ContactBox />
        </div>
      </section>
    </main>
  );
}
