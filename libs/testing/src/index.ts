export { freePort } from './free-port';
export { waitFor } from './wait-for';
export { startSmtpInbox } from './smtp-inbox';
export type { SmtpInbox, SmtpInboxOptions } from './smtp-inbox';
export { startServiceProcess, WORKSPACE_ROOT } from './service-process';
export type { ServiceProcess } from './service-process';
