import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PICTURE_MAX_BYTES, isPictureContentType, type TPictureKind } from '@ferry/contracts';
import { apiProblem } from '../../app/api-error';
import { uploadBrowserFiles } from '../../app/browser-upload';
import { showToast } from '../../components/toasts';
import { useClearPictureMutation, useCreatePictureGrantMutation, useSetPictureMutation } from './branding.api';
import './branding.css';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * A picture of the account (profile picture, company logo, background): PNG, JPEG or WebP within
 * its size, sent straight to storage with the upload engine; the server checks the bytes before
 * keeping it.
 */
export function PictureField({ kind, url, disabled = false }: { kind: TPictureKind; url: string | null; disabled?: boolean }) {
  const { t } = useTranslation('account');
  const inputId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [createGrant] = useCreatePictureGrantMutation();
  const [setPicture] = useSetPictureMutation();
  const [clearPicture, { isLoading: isClearing }] = useClearPictureMutation();
  const maxMb = PICTURE_MAX_BYTES[kind] / (1024 * 1024);

  async function upload(file: File) {
    if (!isPictureContentType(file.type)) return setProblem(t('profile.pictures.wrongType'));
    if (file.size > PICTURE_MAX_BYTES[kind]) return setProblem(t('profile.pictures.tooLarge', { mb: maxMb }));
    setProblem(null);
    setBusy(true);
    try {
      const { grant } = await createGrant({ kind, size: file.size, contentType: file.type }).unwrap();
      const [done] = await uploadBrowserFiles({
        batchId: `picture-${grant.fileId}`,
        items: [{ key: kind, file, name: grant.name, size: file.size, grant }],
        signal: new AbortController().signal,
        onEvent: () => undefined,
      });
      await setPicture({ kind, uploadToken: done!.uploadToken }).unwrap();
      showToast({ title: t('profile.pictures.saved'), kind: 'success' });
    } catch (error) {
      const { code, message } = apiProblem(error);
      const known = code === 'IMAGE_TYPE_NOT_ALLOWED' ? t('profile.pictures.wrongType') : code === 'IMAGE_TOO_LARGE' ? t('profile.pictures.tooLarge', { mb: maxMb }) : null;
      setProblem(known ?? (message || t('profile.pictures.failed')));
    } finally {
      setBusy(false);
    }
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload(file);
  }

  async function onRemove() {
    try {
      await clearPicture({ kind }).unwrap();
    } catch (error) {
      setProblem(apiProblem(error).message || t('profile.pictures.failed'));
    }
  }

  return (
    <div className={`picture-field picture-field--${kind}`}>
      <span className="picture-field__preview" aria-hidden={url ? undefined : true}>
        {url ? <img src={url} alt={t(`profile.pictures.${kind}.alt`)} /> : <span className="picture-field__empty">{t('profile.pictures.none')}</span>}
      </span>
      <div className="picture-field__body">
        <span className="picture-field__label">{t(`profile.pictures.${kind}.label`)}</span>
        <span id={hintId} className="hint">
          {t(`profile.pictures.${kind}.hint`)} {t('profile.pictures.rules', { mb: maxMb })}
        </span>
        <div className="picture-field__actions">
          <label className={`button button--ghost picture-field__choose${disabled || isBusy ? ' is-disabled' : ''}`} htmlFor={inputId}>
            {isBusy ? t('profile.pictures.uploading') : url ? t('profile.pictures.replace') : t('profile.pictures.choose')}
            <input
              id={inputId}
              className="visually-hidden"
              type="file"
              accept={ACCEPT}
              aria-describedby={hintId}
              aria-label={t(`profile.pictures.${kind}.label`)}
              disabled={disabled || isBusy}
              onChange={onChange}
            />
          </label>
          {url && !disabled ? (
            <button type="button" className="button button--ghost" onClick={() => void onRemove()} disabled={isClearing || isBusy}>
              {t('profile.pictures.remove')}
            </button>
          ) : null}
        </div>
        {problem ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
