import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../app/store';
import { uploadPercentOf } from '../app/upload-activity.slice';

/** The signed-in header's mini progress while a quick-send upload runs (a link back to it on Home). */
export function UploadMini() {
  const { t } = useTranslation('dash');
  const percent = useAppSelector((s) => uploadPercentOf(s.uploadActivity));
  if (percent === null) return null;
  const label = t('upload.mini', { percent });
  return (
    <Link className="upload-mini" to="/dash" aria-label={label}>
      <span className="upload-mini__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label}>
        <span className="upload-mini__fill" style={{ transform: `scaleX(${percent / 100})` }} />
      </span>
      <span className="upload-mini__text">{percent}%</span>
    </Link>
  );
}
