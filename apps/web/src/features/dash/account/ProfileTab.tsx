import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { showToast } from '../../../components/toasts';
import { useGetBrandingQuery } from '../../branding/branding.api';
import { PictureField } from '../../branding/PictureField';
import { useUpdateMeMutation } from './account.api';
import { ChangeEmailSection } from './ChangeEmailSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ExportDataSection } from './ExportDataSection';

/** The profile picture (header, team list) and the company logo (login screen of this browser, the header's company). */
function ProfilePictures({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const { data } = useGetBrandingQuery();
  return (
    <section className="dash-card brand-pictures" aria-labelledby="profile-pictures-title">
      <h3 id="profile-pictures-title" className="brand-pictures__title">
        {t('profile.pictures.title')}
      </h3>
      <PictureField kind="profile" url={data?.profilePic ?? user.profilePic} />
      <PictureField kind="logo" url={data?.logoPic ?? null} disabled={data ? !data.isEditable : true} />
      {data && !data.isEditable ? <p className="hint">{t('customize.memberNote')}</p> : null}
    </section>
  );
}

/** Profile: pictures, then full name, greeting name, company and language (`PATCH /me`). */
export function ProfileTab({ user }: { user: TUser }) {
  const { t, i18n } = useTranslation('dash');
  const [form, setForm] = useState({ fullName: user.fullName ?? '', greetingName: user.greetingName ?? '', company: user.company ?? '', lang: user.lang });
  const [updateMe, { isLoading }] = useUpdateMeMutation();
  const field = (name: 'fullName' | 'greetingName' | 'company', max: number) => (
    <div className="field">
      <label htmlFor={`profile-${name}`}>{t(`account.profile.${name}`)}</label>
      <input id={`profile-${name}`} value={form[name]} maxLength={max} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
    </div>
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await updateMe(form).unwrap();
      if (form.lang !== i18n.language) await i18n.changeLanguage(form.lang);
      showToast({ title: t('account.saved'), kind: 'success' });
    } catch (error) {
      showToast({ title: t('account.notSaved'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  return (
    <>
    <ProfilePictures user={user} />
    <form className="dash-card account-form" onSubmit={(e) => void onSubmit(e)}>
      <p className="account-form__email">
        <span>{t('account.profile.email')}</span> <strong>{user.email}</strong>
      </p>
      {field('fullName', 120)}
      {field('greetingName', 60)}
      {field('company', 120)}
      <div className="field">
        <label htmlFor="profile-lang">{t('account.profile.lang')}</label>
        <select id="profile-lang" value={form.lang} onChange={(e) => setForm({ ...form, lang: e.target.value === 'zh' ? 'zh' : 'en' })}>
          <option value="en">English</option>
          <option value="zh">中文</option>
        </select>
      </div>
      <button type="submit" className="button" disabled={isLoading}>
        {t('account.save')}
      </button>
    </form>
    <ChangeEmailSection user={user} />
    <ChangePasswordSection />
    <ExportDataSection user={user} />
    <DeleteAccountSection user={user} />
    </>
  );
}
