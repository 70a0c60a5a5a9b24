import { useTranslation } from 'react-i18next';
import { LANGS } from '../i18n/i18n';
import { LayoutIcon } from './LayoutIcons';

/** English / 中文; the choice is remembered (localStorage) by the i18n instance. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="lang-switch">
      <span className="visually-hidden">{t('language')}</span>
      <LayoutIcon name="globe" size={16} />
      <select aria-label={t('language')} value={i18n.language} onChange={(e) => void i18n.changeLanguage(e.target.value)}>
        {LANGS.map((lang) => (
          <option key={lang} value={lang}>
            {t(`langName.${lang}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
