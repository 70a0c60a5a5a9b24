/**
 * Operator commands. Run from the repository root (or the image) with the service's NATS_URL:
 *
 *   npx tsx tools/admin/ferry-admin.ts dlq list [--consumer mail--transfer-created]
 *   npx tsx tools/admin/ferry-admin.ts dlq replay --consumer mail--transfer-created [--seq 12]
 */
import { listDeadLetters, replayDeadLetters, type DeadLetter } from '@ferry/bus';
import { parseArgs } from 'node:util';

const USAGE = `usage: ferry-admin dlq list [--consumer NAME]
       ferry-admin dlq replay --consumer NAME [--seq N]
NATS_URL (default nats://127.0.0.1:4222) says which NATS, NATS_PREFIX which environment on it.`;

function print(letters: DeadLetter[]): void {
  if (letters.length === 0) {
    process.stdout.write('no dead letters\n');
    return;
  }
  for (const l of letters) process.stdout.write(`${l.seq}\t${l.consumer}\t${l.subject}\t${l.eventId ?? '-'}\t${l.deadLetteredAt}\t${l.reason}\n`);
}

export async function runAdmin(argv: string[], natsUrl: string, prefix?: string): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { consumer: { type: 'string' }, seq: { type: 'string' } } });
  const [area, verb] = positionals;
  if (area === 'dlq' && verb === 'list') {
    print(await listDeadLetters(natsUrl, { consumer: values.consumer, prefix }));
    return 0;
  }
  if (area === 'dlq' && verb === 'replay' && values.consumer) {
    const seq = values.seq === undefined ? undefined : Number(values.seq);
    if (seq !== undefined && !Number.isInteger(seq)) {
      process.stderr.write(`--seq must be a whole number\n${USAGE}\n`);
      return 2;
    }
    const replayed = await replayDeadLetters(natsUrl, { consumer: values.consumer, seq, prefix });
    process.stdout.write(`replayed ${replayed.length}\n`);
    print(replayed);
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  process.exitCode = await runAdmin(process.argv.slice(2), process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222', process.env['NATS_PREFIX'] || undefined);
}
