import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZHexColor, type TBrandingSettings, type TUser } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { showToast } from '../../../components/toasts';
import { useGetBrandingQuery, useUpdateBrandingMutation } from '../../branding/branding.api';
import { brandStyle } from '../../branding/BrandFrame';
import { PictureField } from '../../branding/PictureField';
import { UpgradePrompt } from '../../branding/UpgradePrompt';

const DEFAULT_ACCENT = '#0b5cff';

/** The accent colour: a picker and its hex value, checked as `#rrggbb` before it is sent. */
function AccentForm({ branding }: { branding: TBrandingSettings }) {
  const { t } = useTranslation('account');
  const [value, setValue] = useState(branding.accentColor ?? DEFAULT_ACCENT);
  const [updateBranding, { isLoading }] = useUpdateBrandingMutation();
  const textId = useId();
  const errorId = useId();
  const parsed = ZHexColor.safeParse(value);
  useEffect(() => setValue(branding.accentColor ?? DEFAULT_ACCENT), [branding.accentColor]);

  async function save(accentColor: string | null) {
    try {
      await updateBranding({ accentColor }).unwrap();
      showToast({ title: t('customize.saved'), kind: 'success' });
    } catch (error) {
      showToast({ title: t('customize.notSaved'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (parsed.success) void save(parsed.data);
  }

  return (
    <form className="account-form accent-field" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={textId}>{t('customize.accent.label')}</label>
        <div className="accent-field__row">
          <input type="color" aria-label={t('customize.accent.picker')} value={parsed.success ? parsed.data : DEFAULT_ACCENT} onChange={(e) => setValue(e.target.value)} disabled={!branding.isEditable} />
          <input
            id={textId}
            type="text"
            inputMode="text"
            spellCheck={false}
            maxLength={7}
            value={value}
            aria-invalid={!parsed.success}
            aria-describedby={parsed.success ? undefined : errorId}
            onChange={(e) => setValue(e.target.value.trim())}
            disabled={!branding.isEditable}
          />
        </div>
        {parsed.success ? <span className="hint">{t('customize.accent.hint')}</span> : <span id={errorId} className="form-error">{t('customize.accent.invalid')}</span>}
      </div>
      {branding.isEditable ? (
        <div className="picture-field__actions">
          <button type="submit" className="button" disabled={!parsed.success || isLoading}>
            {t('customize.save')}
          </button>
          {branding.accentColor ? (
            <button type="button" className="button button--ghost" onClick={() => void save(null)} disabled={isLoading}>
              {t('customize.accent.reset')}
            </button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

/** What a recipient's download page will look like with this brand. */
function BrandPreview({ branding }: { branding: TBrandingSettings }) {
  const { t } = useTranslation('account');
  const style = brandStyle({ logoUrl: branding.logoPic, accentColor: branding.accentColor, backgroundUrl: branding.backgroundPic, poweredBy: true });
  return (
    <figure className="brand-preview" style={{ ...style, backgroundImage: branding.backgroundPic ? `url("${branding.backgroundPic}")` : undefined }}>
      <figcaption className="hint">{t('customize.preview')}</figcaption>
      {branding.logoPic ? <img src={branding.logoPic} alt={t('customize.companyLogo')} /> : null}
      <div className="brand-preview__card">
        <span className="button" aria-hidden="true">
          {t('customize.previewButton')}
        </span>
      </div>
    </figure>
  );
}

/** Customize (paid plans): the company logo, accent colour and background of download and request pages and recipients' mails. */
export function CustomizeTab(_props: { user: TUser }) {
  const { t } = useTranslation('account');
  const { data: branding, isLoading } = useGetBrandingQuery();
  if (isLoading || !branding) return <p className="dash-card dash-empty">{t('customize.loading')}</p>;
  if (!branding.canCustomize) {
    return <UpgradePrompt title={t('customize.upgrade.title')} lead={t('customize.upgrade.lead')} action={t('customize.upgrade.action')} />;
  }
  return (
    <section className="dash-card account-form">
      <p>{t('customize.intro')}</p>
      {branding.isEditable ? null : <p className="hint">{t('customize.memberNote')}</p>}
      <PictureField kind="logo" url={branding.logoPic} disabled={!branding.isEditable} />
      <PictureField kind="background" url={branding.backgroundPic} disabled={!branding.isEditable} />
      <AccentForm branding={branding} />
      <BrandPreview branding={branding} />
    </section>
  );
}
