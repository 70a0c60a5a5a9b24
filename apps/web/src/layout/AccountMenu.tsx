import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@ferry/contracts';
import { useLogoutMutation } from '../app/session.api';
import { firstNameOf, formatHeaderName, initialsOf } from './header-rules';
import { LayoutIcon } from './LayoutIcons';
import { useDisclosure } from './use-disclosure';

/** Avatar, the cut first name and the account dropdown (My Account, Logout). */
export function AccountMenu({ user }: { user: TUser }) {
  const { t } = useTranslation('layout');
  const menu = useDisclosure();
  const panelId = useId();
  const [logout, { isLoading }] = useLogoutMutation();
  const name = formatHeaderName(firstNameOf(user));

  async function onLogout() {
    await logout().unwrap().catch(() => undefined);
    // A full reload drops every cached query and in-memory token along with the page.
    window.location.assign('/');
  }

  return (
    <div className="nav-dropdown account-menu" ref={menu.rootRef} onBlur={menu.onBlur}>
      <button
        type="button"
        ref={menu.triggerRef}
        className="account-menu__trigger"
        aria-expanded={menu.isOpen}
        aria-controls={panelId}
        aria-label={t('account.menuLabel', { name })}
        onClick={menu.toggle}
      >
        <span className={user.profilePic ? 'avatar avatar--picture' : 'avatar'} aria-hidden="true">
          {user.profilePic ? <img src={user.profilePic} alt="" /> : initialsOf(user)}
        </span>
        <span className="account-menu__name">{name}</span>
        <LayoutIcon name="chevronDown" size={16} />
      </button>
      <div id={panelId} className="nav-dropdown__panel nav-dropdown__panel--account" hidden={!menu.isOpen}>
        <p className="account-menu__who">
          <span className="account-menu__label">{t('account.signedInAs')}</span>
          <span className="account-menu__email">{user.email}</span>
        </p>
        <ul className="account-menu__list">
          <li>
            <Link className="account-menu__item" to="/dash/account/profile" onClick={menu.close}>
              <LayoutIcon name="user" size={18} />
              {t('account.myAccount')}
            </Link>
          </li>
          <li>
            <button type="button" className="account-menu__item" onClick={() => void onLogout()} disabled={isLoading}>
              <LayoutIcon name="logout" size={18} />
              {isLoading ? t('account.loggingOut') : t('account.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
