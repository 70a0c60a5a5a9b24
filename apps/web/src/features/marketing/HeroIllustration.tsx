import { useTranslation } from 'react-i18next';
import { formatBytes } from '@ferry/plans';
import { Icon } from './icons';

const MB = 1024 ** 2;
const FILES = [
  { key: 'catalogue', size: 860 * MB, icon: 'folder' },
  { key: 'video', size: 2.1 * 1024 * MB, icon: 'video' },
] as const;

/** The hero's picture of a sent transfer and its download receipts; decorative, so hidden from screen readers. */
export function HeroIllustration() {
  const { t } = useTranslation('marketing');
  return (
    <div className="hero-demo" aria-hidden="true">
      <div className="hero-demo__card">
        <div className="hero-demo__head">
          <span className="hero-demo__title">{t('home.demo.title')}</span>
          <span className="hero-demo__badge">{t('home.demo.sent')}</span>
        </div>
        <ul className="hero-demo__files">
          {FILES.map((file) => (
            <li key={file.key}>
              <span className="hero-demo__file-icon">
                <Icon name={file.icon} size={18} />
              </span>
              <span className="hero-demo__file-name">{t(`home.demo.files.${file.key}`)}</span>
              <span className="hero-demo__file-size">{formatBytes(file.size)}</span>
            </li>
          ))}
        </ul>
        <div className="hero-demo__progress">
          <span style={{ width: '100%' }} />
        </div>
        <p className="hero-demo__meta">
          <Icon name="bolt" size={16} />
          {t('home.demo.uploaded')}
        </p>
        <div className="hero-demo__link">
          <Icon name="link" size={16} />
          <span>{t('home.demo.link')}</span>
        </div>
      </div>
      <div className="hero-demo__toast hero-demo__toast--one">
        <span className="hero-demo__toast-icon">
          <Icon name="pin" size={18} />
        </span>
        <span>
          <strong>{t('home.demo.toastOne')}</strong>
          <span>{t('home.demo.toastOneTime')}</span>
        </span>
      </div>
      <div className="hero-demo__toast hero-demo__toast--two">
        <span className="hero-demo__toast-icon hero-demo__toast-icon--green">
          <Icon name="bell" size={18} />
        </span>
        <span>
          <strong>{t('home.demo.toastTwo')}</strong>
          <span>{t('home.demo.toastTwoTime')}</span>
        </span>
      </div>
    </div>
  );
}
