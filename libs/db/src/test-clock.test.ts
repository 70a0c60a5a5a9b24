import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knex, { type Knex } from 'knex';
import { z } from 'zod';
import { envTestClock, openServiceClock, type ServiceClock } from './test-clock';
import { createTestDatabase, type TestDatabase } from './testing';

const DAY = 86_400_000;

describe('the test clock', () => {
  let testDb: TestDatabase;
  let db: Knex;
  const clocks: ServiceClock[] = [];
  const open = async (isTest: boolean, nodeEnv = 'test') => {
    const clock = await openServiceClock(db, { isTest, nodeEnv, refreshMs: 50 });
    clocks.push(clock);
    return clock;
  };
  beforeAll(async () => {
    testDb = await createTestDatabase('test_clock');
    db = knex({ client: 'pg', connection: testDb.url, pool: { min: 0, max: 4 } });
  });
  afterAll(async () => {
    for (const clock of clocks) clock.close();
    await db.destroy();
    await testDb.drop();
  });

  it('when one process moves the clock, then another sees it at its next refresh (and within the background refresh), and an offset sets it back', async () => {
    const [mover, other] = await Promise.all([open(true), open(true)]);
    await mover.move({ advanceMs: 8 * DAY });
    await mover.move({ advanceMs: DAY });
    expect(mover.offsetMs()).toBe(9 * DAY);
    expect(mover.now().getTime() - Date.now()).toBeGreaterThan(9 * DAY - 1_000);

    await other.refresh();
    expect(other.offsetMs()).toBe(9 * DAY);
    await mover.move({ offsetMs: 0 });
    await expect.poll(() => other.offsetMs(), { timeout: 2_000 }).toBe(0);
  });

  it('when the setting is off, then an offset in the table changes nothing and moving is refused', async () => {
    const mover = await open(true);
    await mover.move({ offsetMs: 30 * DAY });
    const real = await open(false);
    await real.refresh();
    expect(real.isTest).toBe(false);
    expect(Math.abs(real.now().getTime() - Date.now())).toBeLessThan(1_000);
    await expect(real.move({ advanceMs: DAY })).rejects.toThrow(/FERRY_TEST_CLOCK=1/);
    await mover.move({ offsetMs: 0 });
  });

  it("when a service runs under its own database role, then it reads and moves the clock another role's service created", async () => {
    await open(true);
    const role = `test_clock_role_${Date.now().toString(36)}`;
    await db.raw(`create role ${role} login`);
    const url = new URL(testDb.url);
    url.username = role;
    const asService = knex({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 2 } });
    try {
      expect((await asService.raw('select current_user as name')).rows[0].name).toBe(role);
      const clock = await openServiceClock(asService, { isTest: true, nodeEnv: 'test' });
      await clock.move({ advanceMs: DAY });
      expect(clock.offsetMs()).toBe(DAY);
      clock.close();
      await clock.move({ offsetMs: 0 });
    } finally {
      await asService.destroy();
      await db.raw(`drop role ${role}`);
    }
  });

  it('when NODE_ENV=production and FERRY_TEST_CLOCK=1, then the clock refuses to open, so the service does not start', async () => {
    await expect(open(true, 'production')).rejects.toThrow('FERRY_TEST_CLOCK=1 is refused with NODE_ENV=production');
  });

  it('when the environment is read, then only 1 turns the clock on and anything but 0 or 1 is refused', () => {
    const schema = z.object(envTestClock());
    expect(schema.parse({}).FERRY_TEST_CLOCK).toBe(false);
    expect(schema.parse({ FERRY_TEST_CLOCK: '1' }).FERRY_TEST_CLOCK).toBe(true);
    expect(schema.safeParse({ FERRY_TEST_CLOCK: 'true' }).success).toBe(false);
  });
});
