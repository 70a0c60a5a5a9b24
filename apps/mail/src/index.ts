export { startMail } from './mail.service';
export type { MailServiceDeps, RunningMail } from './mail.service';
export { mailMigrations } from './store/mail.migrations';
export { loadMailConfig, ZMailConfig } from './config';
export type { MailConfig, TMailConfig } from './config';
