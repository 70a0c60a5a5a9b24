import { ZUpdateSettingsBody, ZUserSettings } from '../identity/user-settings.schemas';
import { defineHttpRoute } from './define-http-route';

/** The account's transfer and request settings (the settings tab). */
export const SETTINGS_ROUTES = {
  getSettings: defineHttpRoute({
    method: 'get', path: '/me/settings', tag: 'account', auth: 'user', summary: 'Transfer and request settings: default expiries, password on by default, mail switches',
    status: 200, response: ZUserSettings, errors: [401],
  }),
  updateSettings: defineHttpRoute({
    method: 'patch', path: '/me/settings', tag: 'account', auth: 'user', summary: 'Change transfer or request settings (only the fields sent)',
    body: ZUpdateSettingsBody, status: 200, response: ZUserSettings, errors: [400, 401],
  }),
} as const;
