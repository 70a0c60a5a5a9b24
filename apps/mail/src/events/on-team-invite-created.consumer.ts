import { consumer, type EventConsumer } from '@ferry/bus';
import { TEAM_INVITE_CREATED } from '@ferry/contracts';
import { renderTeamInviteMail } from '../domain/render-team-invite-mail';
import { MAIL_RETRY, type MailConsumerDeps } from './mail-consumer.deps';

/** Sends the invitation to join an admin's team. */
export function onTeamInviteCreated(deps: MailConsumerDeps): EventConsumer {
  return consumer(TEAM_INVITE_CREATED, {
    durable: 'mail--team-invite-created',
    db: deps.db,
    ...MAIL_RETRY,
    handle: async (event, { trx }) => {
      await deps.deliver(trx, {
        eventId: event.eventId,
        kind: 'team-invite',
        to: event.email,
        lang: event.lang,
        expiresAt: event.expiresAt,
        mail: renderTeamInviteMail(event, { publicUrl: deps.publicUrl }),
      });
    },
  });
}
