import { listDeadLetters, replayDeadLetters, type DeadLetter } from '@ferry/bus';
import { row, type AdminEnv, type AdminIo } from './admin-env';

function print(io: AdminIo, letters: DeadLetter[]): void {
  if (letters.length === 0) io.out('no dead letters');
  for (const l of letters) io.out(row(l.seq, l.consumer, l.subject, l.eventId ?? '-', l.deadLetteredAt, l.reason));
}

/** `dlq list [--consumer NAME]`: the dead letters in FERRY_DLQ, oldest first. */
export async function listDlq(env: AdminEnv, io: AdminIo, consumer: string | undefined): Promise<number> {
  print(io, await listDeadLetters(env.natsUrl, { ...env.nats, consumer }));
  return 0;
}

/** `dlq replay --consumer NAME [--seq N]`: publishes them again on their subject and removes them. */
export async function replayDlq(env: AdminEnv, io: AdminIo, consumer: string, seq: string | undefined): Promise<number> {
  const wanted = seq === undefined ? undefined : Number(seq);
  if (wanted !== undefined && !Number.isInteger(wanted)) {
    io.err('--seq must be a whole number');
    return 2;
  }
  const replayed = await replayDeadLetters(env.natsUrl, { ...env.nats, consumer, seq: wanted });
  io.out(`replayed ${replayed.length}`);
  print(io, replayed);
  return 0;
}
