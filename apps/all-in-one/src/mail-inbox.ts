import { MailDev } from 'maildev';

export interface RunningInbox {
  smtpUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

/** A local SMTP server with a web inbox (MailDev), so every mail Ferry sends can be read. */
export async function startMailInbox(smtpPort: number, webPort: number, dataDir: string): Promise<RunningInbox> {
  const maildev = new MailDev({
    smtp: smtpPort,
    ip: '127.0.0.1',
    web: webPort,
    webIp: '127.0.0.1',
    mailDirectory: `${dataDir}/mail-inbox`,
    silent: true,
  });
  await maildev.start();
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://localhost:${webPort}`,
    stop: () => maildev.stop(),
  };
}
