import { connectNatsBus } from '../src/nats-bus';
import { createMemoryLogger, TEST_NATS_URL } from '../src/testing';
import { describeBusContract } from './bus-contract';

describeBusContract('NATS', (service) => connectNatsBus(TEST_NATS_URL, { name: service, log: createMemoryLogger() }));
