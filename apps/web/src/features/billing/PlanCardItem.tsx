import { formatBytes, PLAN_CODES } from '@ferry/plans';
import { useTranslation } from 'react-i18next';
import type { PlanCard } from '../marketing/pricing-plans';
import { useBillingFormat } from './format';
import type { TPlanMove } from './plan-choice';

const MOVE_LABEL: Record<Exclude<TPlanMove, 'current' | 'none'>, string> = {
  trial: 'planTab.startTrial',
  upgrade: 'planTab.upgrade',
  downgrade: 'planTab.downgrade',
};

/** One plan of the plan tab: price, limits, and its button (or the current-plan mark). */
export function PlanCardItem({ card, move, isChosen, onChoose }: { card: PlanCard; move: TPlanMove; isChosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const isCurrent = move === 'current';
  const titleId = `plan-${card.code}`;
  return (
    <li className={`plan-option${isCurrent ? ' plan-option--current' : ''}`} aria-labelledby={titleId} aria-current={isCurrent ? 'true' : undefined}>
      <h3 id={titleId}>{t(`plans.${card.role}`)}</h3>
      {isCurrent ? <p className="plan-option__badge">{t('planTab.current')}</p> : null}
      <p className="plan-option__price">
        {card.price === 0
          ? format.price(0)
          : t(PLAN_CODES[card.code].period === 'yearly' ? 'planTab.perYear' : 'planTab.perMonth', { price: format.price(card.price) })}
      </p>
      <ul className="plan-option__limits">
        <li>{t('planTab.storage', { size: formatBytes(card.storageLimit) })}</li>
        <li>{t('planTab.upload', { size: formatBytes(card.uploadLimit) })}</li>
        {card.teamLimit ? <li>{t('planTab.team', { count: card.teamLimit })}</li> : null}
      </ul>
      {move === 'trial' || move === 'upgrade' || move === 'downgrade' ? (
        <button type="button" className={`button${move === 'downgrade' ? ' button--ghost' : ''}`} aria-pressed={isChosen} onClick={onChoose}>
          {t(MOVE_LABEL[move])}
        </button>
      ) : null}
    </li>
  );
}
