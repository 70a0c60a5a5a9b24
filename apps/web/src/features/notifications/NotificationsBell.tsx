import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ZNotification, type TNotification } from '@ferry/contracts';
import { API_BASE } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { CountryFlag } from '../../components/CountryFlag';
import { useCountryName } from '../../components/country-name';
import { useDisclosure } from '../../layout/use-disclosure';
import { showAlertedDownload } from '../dash/home/home.api';
import {
  notificationPath,
  notificationsApi,
  unreadBadge,
  useClearNotificationsMutation,
  useDeleteNotificationMutation,
  useMarkNotificationsReadMutation,
  useNotificationsQuery,
} from './notifications.api';
import './notifications.css';

const LIVE_TAGS = ['Notifications', 'Transfers', 'Requests', 'Downloads', 'Analytics', 'Usage'] as const;

/** The notification an SSE message carries, or null when it is not one. */
function alertOf(data: unknown): TNotification | null {
  try {
    const parsed = ZNotification.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * New alerts arrive over the gateway's SSE stream; each one (a download, a file received on a
 * request) refreshes the feed and every dashboard view a download or an upload changes. A
 * download is put on Home's latest downloads at once, before those refetches answer.
 */
function useLiveNotifications(token: string | null) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(`${API_BASE}/notifications/stream?access_token=${encodeURIComponent(token)}`);
    const refresh = () => dispatch(notificationsApi.util.invalidateTags([...LIVE_TAGS]));
    source.addEventListener('notification', (event) => {
      const alert = alertOf(event.data);
      if (alert) dispatch(showAlertedDownload(alert));
      refresh();
    });
    source.onmessage = refresh;
    return () => source.close();
  }, [token, dispatch]);
}

function Entry({ item, onOpen, onRemove }: { item: TNotification; onOpen: () => void; onRemove: () => void }) {
  const { t, i18n } = useTranslation('layout');
  const who = item.receiverEmail ?? t('notifications.someone');
  const country = useCountryName(t('notifications.unknownPlace'))(item.dlCountryCode, item.dlCountry);
  const place = item.dlCity || country;
  const when = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(item.dlDate));
  return (
    <li className={`notification${item.read ? '' : ' notification--unread'}`}>
      <button type="button" className="notification__open" onClick={onOpen}>
        <span className="notification__flag">
          <CountryFlag code={item.dlCountryCode} name={country} />
        </span>
        <span className="notification__text">
          {item.dlOrigin === 'request' ? t('notifications.uploaded', { who, file: item.fileName, place }) : t('notifications.downloaded', { who, file: item.fileName, place })}
          <time dateTime={item.dlDate}>{when}</time>
        </span>
      </button>
      <button type="button" className="notification__remove" aria-label={t('notifications.remove', { file: item.fileName })} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}

/** The updates bell: unread counter (9+ above 9), the feed with remove and 'Clear all alerts', the empty state. */
export function NotificationsBell() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const token = useAppSelector((s) => s.session.accessToken);
  const { data } = useNotificationsQuery(undefined, { pollingInterval: 120_000 });
  const [remove] = useDeleteNotificationMutation();
  const [clearAll] = useClearNotificationsMutation();
  const [markRead] = useMarkNotificationsReadMutation();
  const { isOpen, toggle, close, rootRef, triggerRef, onBlur } = useDisclosure();
  useLiveNotifications(token);
  const badge = unreadBadge(data?.unread ?? 0);
  const items = data?.items ?? [];

  useEffect(() => {
    if (isOpen && (data?.unread ?? 0) > 0) void markRead();
  }, [isOpen, data?.unread, markRead]);

  return (
    <div className="bell" ref={rootRef} onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        className="bell__button"
        aria-expanded={isOpen}
        aria-haspopup="true"
        aria-label={badge ? t('notifications.bellUnread', { count: data?.unread ?? 0 }) : t('notifications.bell')}
        onClick={toggle}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
        </svg>
        {badge ? (
          <span className="bell__badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        <div className="bell__panel" role="region" aria-label={t('notifications.title')}>
          <h2 className="bell__title">{t('notifications.title')}</h2>
          {items.length === 0 ? (
            <div className="bell__empty">
              <strong>{t('notifications.emptyTitle')}</strong>
              <span>{t('notifications.emptyText')}</span>
            </div>
          ) : (
            <>
              <ul className="bell__list">
                {items.map((item) => (
                  <Entry
                    key={item._id}
                    item={item}
                    onOpen={() => {
                      close();
                      navigate(notificationPath(item));
                    }}
                    onRemove={() => void remove(item._id)}
                  />
                ))}
              </ul>
              <button type="button" className="link-button bell__clear" onClick={() => void clearAll()}>
                {t('notifications.clearAll')}
              </button>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
