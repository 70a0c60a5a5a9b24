// An outbox relay process that dies (SIGKILL) right after NATS accepted an event and before
// it marked the row published: the worst moment for an outbox. Tests run it with
// `node --import tsx <DOOMED_RELAY_FIXTURE> <databaseUrl> <natsUrl> <schema> [sealKey]`.
import { openDb } from '@ferry/db';
import { connectNatsBus } from './nats-bus';
import { startOutboxRelay } from './outbox-relay';
import { createMemoryLogger } from './testing';

const [databaseUrl, natsUrl, schema, sealKey] = process.argv.slice(2) as [string, string, string, string | undefined];
const db = await openDb(databaseUrl, { schema, migrate: false });
const bus = await connectNatsBus(natsUrl, { name: 'doomed-relay', log: createMemoryLogger(), sealKey });
startOutboxRelay({ db, bus, log: createMemoryLogger(), afterPublish: () => void process.kill(process.pid, 'SIGKILL') });
