import type { TUserSettings } from '@ferry/contracts';
import type { TDlOrigin } from './notifications.ports';

/** The settings tab's switch for an alert's mail: "mail me when a recipient downloads" or "when files arrive". */
export function isMailSwitchOn(settings: TUserSettings, origin: TDlOrigin): boolean {
  return origin === 'download' ? settings.transferSettings.mailOnDownload : settings.requestSettings.mailOnArrival;
}
