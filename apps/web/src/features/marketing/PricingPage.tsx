import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DEFAULT_PLAN_CODE, formatBytes, roleForPlan, TRIAL_DAYS, type TBillingPeriod } from '@ferry/plans';
import { ComparisonTable } from './ComparisonTable';
import { FaqList } from './FaqList';
import { Icon } from './icons';
import { bestYearlySavingPercent, planCards, requestedPlan, type PlanCard } from './pricing-plans';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

const REFUND_DAYS = 30;
const INCLUDED = ['receipts', 'requests', 'resumable', 'regions', 'encryption', 'noAds'] as const;

function initialPeriod(params: URLSearchParams): TBillingPeriod {
  const requested = requestedPlan(params.get('plan'));
  if (requested?.period) return requested.period;
  const save = params.get('save');
  return save !== null && save !== '0' && save !== 'false' ? 'yearly' : 'monthly';
}

function useMoney(): (amount: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
  return (amount) => format.format(amount);
}

function useNumber(): (value: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en-US');
  return (value) => format.format(value);
}

function PlanCardView({ card, period, badge, isHighlighted }: { card: PlanCard; period: TBillingPeriod; badge: string | null; isHighlighted: boolean }) {
  const { t } = useTranslation('marketing');
  const money = useMoney();
  const number = useNumber();
  const isFree = card.role === 'free';
  const limits = [
    t('pricing.limits.upload', { size: formatBytes(card.uploadLimit) }),
    t('pricing.limits.storage', { size: formatBytes(card.storageLimit) }),
    t('pricing.limits.recipients', { count: card.emailTo }),
    card.fileLimit === null ? t('pricing.limits.filesUnlimited') : t('pricing.limits.files', { files: number(card.fileLimit) }),
    isFree ? t('pricing.limits.expiryWeek') : t('pricing.limits.expiryCustom'),
    card.teamLimit === null ? null : card.teamLimit > 1 ? t('pricing.limits.team', { count: card.teamLimit }) : t('pricing.limits.single'),
    card.emailDomain > 0 ? t('pricing.limits.emailDomain') : null,
  ].filter((line): line is string => line !== null);

  return (
    <li className={`plan-card${isHighlighted ? ' plan-card--highlighted' : ''}`}>
      {badge && <span className="plan-card__badge">{badge}</span>}
      <h3 className="plan-card__name">
        {t(`pricing.plans.${card.role}.name`)}
      </h3>
      <p className="plan-card__tagline">{t(`pricing.plans.${card.role}.tagline`)}</p>
      <p className="plan-card__price">
        <span className="plan-card__amount">{money(card.price)}</span>
        <span className="plan-card__per">{isFree ? t('pricing.forever') : period === 'monthly' ? t('pricing.perMonth') : t('pricing.perYear')}</span>
      </p>
      <p className="plan-card__note">
        {isFree
          ? t('pricing.freeNote')
          : period === 'yearly'
            ? t('pricing.yearlyNote', { price: money(card.perMonth), percent: card.yearlySavingPercent })
            : t('pricing.monthlyNote')}
      </p>
      <Link className={`button plan-card__button${isHighlighted ? '' : ' button--ghost'}`} to={`/register?plan=${card.code}`}>
        {isFree ? t('pricing.startFree') : t('pricing.startTrial', { days: card.trialDays })}
      </Link>
      <ul className="plan-card__limits">
        {limits.map((line) => (
          <li key={line}>
            <Icon name="check" size={18} />
            {line}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** `/pricing` (also `/signup`, `/welcomeback`): the four plans, the billing toggle, guarantees and the comparison. */
export default function PricingPage() {
  const { t } = useTranslation('marketing');
  const copy = useCopy();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [period, setPeriod] = useState<TBillingPeriod>(() => initialPeriod(params));
  const requested = requestedPlan(params.get('plan'));
  const popularRole = roleForPlan(DEFAULT_PLAN_CODE);
  const isWelcomeBack = pathname.startsWith('/welcomeback');
  const isVerified = params.has('verifyComplete');

  useDocumentTitle(t('pricing.title'));

  const badgeFor = (card: PlanCard): string | null => {
    if (requested?.role === card.role) return t('pricing.selected');
    return card.role === popularRole ? t('pricing.popular') : null;
  };
  const isHighlighted = (card: PlanCard) => (requested ? requested.role === card.role : card.role === popularRole);

  return (
    <main className="mk pricing">
      <section className="mk-hero mk-hero--center">
        <div className="mk-wrap">
          {isVerified && (
            <p className="notice notice--success" role="status">
              <Icon name="check" size={20} />
              {t('pricing.verified')}
            </p>
          )}
          <p className="eyebrow eyebrow--plain">{isWelcomeBack ? t('pricing.welcomeBackEyebrow') : t('pricing.eyebrow')}</p>
          <h1>{isWelcomeBack ? t('pricing.welcomeBack') : t('pricing.heading')}</h1>
          <p className="mk-hero__lead">{t('pricing.lead', { days: TRIAL_DAYS })}</p>
          <fieldset className="period-toggle">
            <legend className="visually-hidden">{t('pricing.period')}</legend>
            {(['monthly', 'yearly'] as const).map((option) => (
              <label key={option} className={`period-toggle__option${period === option ? ' is-active' : ''}`}>
                <input type="radio" name="billing-period" value={option} checked={period === option} onChange={() => setPeriod(option)} />
                {t(`pricing.${option}`)}
                {option === 'yearly' && <span className="period-toggle__save">{t('pricing.saveUpTo', { percent: bestYearlySavingPercent() })}</span>}
              </label>
            ))}
          </fieldset>
        </div>
      </section>

      <section className="mk-wrap mk-wrap--wide" aria-label={t('pricing.plansLabel')}>
        <ul className="plan-grid">
          {planCards(period).map((card) => (
            <PlanCardView key={card.role} card={card} period={period} badge={badgeFor(card)} isHighlighted={isHighlighted(card)} />
          ))}
        </ul>
        <ul className="guarantees">
          <li>
            <Icon name="clock" />
            <span>
              <strong>{t('pricing.trialTitle', { days: TRIAL_DAYS })}</strong>
              {t('pricing.trialText', { days: TRIAL_DAYS })}
            </span>
          </li>
          <li>
            <Icon name="shield" />
            <span>
              <strong>{t('pricing.refundTitle', { days: REFUND_DAYS })}</strong>
              {t('pricing.refundText', { days: REFUND_DAYS })}
            </span>
          </li>
          <li>
            <Icon name="ban" />
            <span>
              <strong>{t('pricing.noAdsTitle')}</strong>
              {t('pricing.noAdsText')}
            </span>
          </li>
        </ul>
      </section>

      <section className="mk-section" aria-labelledby="included-heading">
        <div className="mk-wrap">
          <div className="mk-section__head">
            <h2 id="included-heading">{t('pricing.included.heading')}</h2>
          </div>
          <ul className="included-grid">
            {INCLUDED.map((id) => (
              <li key={id}>
                <Icon name="check" size={20} />
                {t(`pricing.included.items.${id}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mk-section mk-section--tinted" aria-labelledby="compare-heading">
        <div className="mk-wrap mk-wrap--narrow">
          <div className="mk-section__head">
            <h2 id="compare-heading">{t('compare.heading')}</h2>
            <p className="mk-section__lead">{t('compare.lead')}</p>
          </div>
          <ComparisonTable />
        </div>
      </section>

      <section className="mk-section" aria-labelledby="pricing-faq-heading">
        <div className="mk-wrap mk-wrap--narrow">
          <div className="mk-section__head">
            <h2 id="pricing-faq-heading">{t('pricing.faq.heading')}</h2>
          </div>
          <FaqList items={copy.items('pricing.faq.items', { days: TRIAL_DAYS, refund: REFUND_DAYS })} />
          <p className="mk-more">
            <Link to="/support?article=billing">{t('pricing.faq.more')}</Link>
          </p>
        </div>
      </section>
    </main>
  );
}
