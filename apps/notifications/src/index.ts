export { startNotifications } from './notifications.service';
export type { NotificationsServiceDeps, RunningNotifications } from './notifications.service';
export { notificationsMigrations } from './store/notifications.migrations';
export { loadNotificationsConfig, ZNotificationsConfig } from './config';
export type { NotificationsConfig } from './config';
