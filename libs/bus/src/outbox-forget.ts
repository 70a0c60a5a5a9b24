import type { Knex } from 'knex';

/**
 * Deletes the published rows of a service's outbox whose payload mentions any of `needles` (a
 * deleted user's id and email): the relay keeps published rows for an hour, and a purge must not
 * leave the user's data behind there. Rows not yet published stay: they are still to be sent (the
 * purge's own `evt.account.deleted` row among them, which then goes with the relay's retention).
 */
export async function forgetPublishedEvents(
  trx: Knex | Knex.Transaction,
  needles: string[],
  options: {
    /**
     * Unpublished rows too, waiting for a row the relay is publishing: for a service none of whose
     * events about the user may still go out (billing: no receipt or trial mail to a deleted account).
     */
    unpublishedToo?: boolean;
  } = {},
): Promise<number> {
  const wanted = needles.filter((needle) => needle.length > 0);
  if (wanted.length === 0) return 0;
  // A row the relay is publishing right now is locked: skip it rather than wait on the relay.
  const mentioning = trx('outbox')
    .select('id')
    .where((q) => {
      for (const needle of wanted) q.orWhereRaw('strpos(payload::text, ?) > 0', [needle]);
    });
  if (options.unpublishedToo) return trx('outbox').whereIn('id', mentioning.forUpdate()).delete();
  return trx('outbox').whereIn('id', mentioning.whereNotNull('published_at').forUpdate().skipLocked()).delete();
}
