import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUser } from '@ferry/contracts';
import { NotificationsBell } from '../features/notifications/NotificationsBell';
import { AccountMenu } from './AccountMenu';
import { shouldShowUpgrade } from './header-rules';
import { UploadMini } from './UploadMini';
import { SMALL_SCREEN_QUERY, useMediaQuery } from './use-media-query';

/**
 * The signed-in header's parts, loaded once someone is signed in (Header.tsx): the public pages,
 * prerendered for visitors, start without the notifications stream, the account menu and their API.
 */

/** Before the language switch: the mini progress of a running upload and the Upgrade box. */
export function HeaderSignedInLead({ user }: { user: TUser }) {
  const { t } = useTranslation('layout');
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY, false);
  return (
    <>
      <UploadMini />
      {shouldShowUpgrade(user, { isSmallScreen }) && (
        <Link className="upgrade-box" to="/dash/account/1">
          <span className="upgrade-box__title">{t('upgrade.title')}</span>
          <span className="upgrade-box__text">{t('upgrade.text')}</span>
        </Link>
      )}
    </>
  );
}

/** After the language switch: Dash, the notifications bell and the account menu. */
export function HeaderSignedInActions({ user }: { user: TUser }) {
  const { t } = useTranslation('layout');
  return (
    <>
      <Link className="button button--small button--ghost ferry-header__wide" to="/dash">
        {t('header.dash')}
      </Link>
      <NotificationsBell />
      <AccountMenu user={user} />
    </>
  );
}
