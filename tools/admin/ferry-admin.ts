/**
 * Operator commands. Run from the repository root (or the image) with the environment of the
 * services they act on (NATS_URL, NATS_PREFIX, DATABASE_URL):
 *
 *   npx tsx tools/admin/ferry-admin.ts dlq list [--consumer mail--transfer-created]
 *   npx tsx tools/admin/ferry-admin.ts dlq replay --consumer mail--transfer-created [--seq 12]
 *   npx tsx tools/admin/ferry-admin.ts consumers
 *   npx tsx tools/admin/ferry-admin.ts outbox
 *   npx tsx tools/admin/ferry-admin.ts purge-transfer Ab3dE9x
 *   npx tsx tools/admin/ferry-admin.ts rotate-master-key
 *   npx tsx tools/admin/ferry-admin.ts receipt-keys rotate
 *   npx tsx tools/admin/ferry-admin.ts coupons create --code SPRING20 --percent-off 20 --redeem-by 2027-01-01
 *   npx tsx tools/admin/ferry-admin.ts lifetime-codes create 50
 */
import { parseArgs } from 'node:util';
import type { AdminEnv, AdminIo } from './commands/admin-env';
import { showConsumers } from './commands/consumers.command';
import { createCouponNow, createLifetimeCodesNow } from './commands/coupons.command';
import { listDlq, replayDlq } from './commands/dlq.command';
import { showOutbox } from './commands/outbox.command';
import { purgeTransferNow } from './commands/purge-transfer.command';
import { rotateReceiptKeyNow } from './commands/receipt-keys.command';
import { rotateMasterKeyNow } from './commands/rotate-master-key.command';

const USAGE = `usage: ferry-admin dlq list [--consumer NAME]
       ferry-admin dlq replay --consumer NAME [--seq N]
       ferry-admin consumers              lag, pending, unacknowledged and redelivered per durable consumer
       ferry-admin outbox                 unpublished outbox rows and the oldest one's age per service schema
       ferry-admin purge-transfer SLUG    delete an expired transfer's objects now
       ferry-admin rotate-master-key      re-wrap the local driver's data keys with STORAGE_MASTER_KEY
       ferry-admin receipt-keys rotate    sign new delivery receipts with a new key (old keys stay published)
       ferry-admin coupons create --code CODE (--percent-off N | --amount-off USD) --redeem-by YYYY-MM-DD
                   [--duration once|forever|repeating] [--months N] [--max-redemptions N]
       ferry-admin lifetime-codes create N   print N new single-use lifetime-deal codes
NATS_URL (default nats://127.0.0.1:4222) says which NATS, NATS_PREFIX which environment on it,
NATS_USER/NATS_PASSWORD (or NATS_TOKEN, NATS_CREDS) and NATS_TLS_CA how to log in (the admin user),
DATABASE_URL which Postgres (outbox).`;

const stdio: AdminIo = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };

export async function runAdmin(argv: string[], env: AdminEnv, io: AdminIo = stdio): Promise<number> {
  const text = { type: 'string' } as const;
  const couponOptions = { code: text, 'percent-off': text, 'amount-off': text, 'redeem-by': text, duration: text, months: text, 'max-redemptions': text };
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { consumer: text, seq: text, ...couponOptions } });
  const [command, argument, third] = positionals;
  if (command === 'dlq' && argument === 'list') return listDlq(env, io, values.consumer);
  if (command === 'dlq' && argument === 'replay' && values.consumer) return replayDlq(env, io, values.consumer, values.seq);
  if (command === 'consumers') return showConsumers(env, io);
  if (command === 'outbox') return showOutbox(env, io);
  if (command === 'purge-transfer') return purgeTransferNow(env, io, argument);
  if (command === 'rotate-master-key') return rotateMasterKeyNow(env, io);
  if (command === 'receipt-keys' && argument === 'rotate') return rotateReceiptKeyNow(env, io);
  if (command === 'coupons' && argument === 'create') return createCouponNow(env, io, values);
  if (command === 'lifetime-codes' && argument === 'create') return createLifetimeCodesNow(env, io, third);
  io.err(USAGE);
  return 2;
}

/** The command's environment: the services' variables, with the `admin` NATS user's credentials. */
function adminEnvOf(vars: NodeJS.ProcessEnv): AdminEnv {
  const set = (name: string) => vars[name] || undefined;
  return {
    natsUrl: set('NATS_URL') ?? 'nats://127.0.0.1:4222',
    nats: {
      prefix: set('NATS_PREFIX'),
      credentials: { user: set('NATS_USER'), password: set('NATS_PASSWORD'), token: set('NATS_TOKEN'), credsFile: set('NATS_CREDS'), tlsCaFile: set('NATS_TLS_CA') },
    },
    databaseUrl: set('DATABASE_URL'),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  process.exitCode = await runAdmin(process.argv.slice(2), adminEnvOf(process.env));
}
