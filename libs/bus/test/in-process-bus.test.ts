import { createInProcessBus } from '../src/in-process-bus';
import { createMemoryLogger } from '../src/testing';
import { describeBusContract } from './bus-contract';

// One in-process bus is the whole system in single-process mode: every "service" shares it.
const shared = createInProcessBus({ log: createMemoryLogger() });
describeBusContract('in-process', async () => shared);
