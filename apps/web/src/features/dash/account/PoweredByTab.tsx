import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { showToast } from '../../../components/toasts';
import { useGetBrandingQuery, useUpdateBrandingMutation } from '../../branding/branding.api';
import { UpgradePrompt } from '../../branding/UpgradePrompt';

/** Powered-by (Business plans): hide the 'Powered by Ferry' mark on download and request pages and in recipients' mails. */
export function PoweredByTab(_props: { user: TUser }) {
  const { t } = useTranslation('account');
  const { data: branding, isLoading } = useGetBrandingQuery();
  const [updateBranding, { isLoading: isSaving }] = useUpdateBrandingMutation();
  const switchId = useId();
  const hintId = useId();
  if (isLoading || !branding) return <p className="dash-card dash-empty">{t('customize.loading')}</p>;
  if (!branding.canHidePoweredBy) {
    return <UpgradePrompt title={t('customize.poweredBy.upgradeTitle')} lead={t('customize.poweredBy.upgradeLead')} action={t('customize.upgrade.action')} />;
  }

  async function onToggle(show: boolean) {
    try {
      await updateBranding({ hidePoweredBy: !show }).unwrap();
      showToast({ title: t('customize.saved'), kind: 'success' });
    } catch (error) {
      showToast({ title: t('customize.notSaved'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  return (
    <section className="dash-card account-form">
      <p>{t('customize.poweredBy.intro')}</p>
      <div className="powered-by-option">
        <input
          id={switchId}
          type="checkbox"
          checked={!branding.hidePoweredBy}
          aria-describedby={hintId}
          disabled={!branding.isEditable || isSaving}
          onChange={(e) => void onToggle(e.target.checked)}
        />
        <label htmlFor={switchId}>
          {t('customize.poweredBy.show')}
          <span id={hintId} className="hint powered-by-option__hint">
            {branding.hidePoweredBy ? t('customize.poweredBy.hidden') : t('customize.poweredBy.shown')}
          </span>
        </label>
      </div>
      {branding.isEditable ? null : <p className="hint">{t('customize.memberNote')}</p>}
    </section>
  );
}
