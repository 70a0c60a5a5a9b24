import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger, handle } from '@ferry/bus/testing';
import { DOWNLOAD_HOST_RPC, TRANSFERS_RPC } from '@ferry/contracts';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { customHostRouting } from '../src/web/custom-hosts';

/** The routing middleware in front of a stand-in app that answers 200 to whatever it lets through. */
async function hostRouting() {
  const bus = createInProcessBus({ log: createMemoryLogger() });
  const asked = { hosts: 0 };
  await bus.serve('identity', [
    handle(DOWNLOAD_HOST_RPC.verifiedHosts, async () => {
      asked.hosts += 1;
      return { hosts: [{ host: 'files.acme.test', companyId: 'acme' }] };
    }),
    handle(DOWNLOAD_HOST_RPC.belongsTo, async ({ companyId, ownerId }) => ({ belongs: companyId === ownerId })),
  ]);
  await bus.serve('transfers', [handle(TRANSFERS_RPC.slugOwner, async ({ slug }) => ({ ownerId: slug === 'Acme123' ? 'acme' : 'other' }))]);
  const app = express();
  app.use(customHostRouting(bus, { publicUrl: 'http://ferry.test' }));
  app.use((_req, res) => res.status(200).send('served'));
  return { app, asked };
}

describe("a company's download host", () => {
  it("when pages of the company, of another company and the login are asked for on its host, then only the company's are served", async () => {
    const { app } = await hostRouting();
    expect((await request(app).get('/w/Acme123').set('Host', 'files.acme.test')).status).toBe(200);
    expect((await request(app).get('/w/Acme123').set('Host', 'files.acme.test.')).status).toBe(200);
    expect((await request(app).get('/w/Other12').set('Host', 'files.acme.test')).status).toBe(404);
    expect((await request(app).get('/login').set('Host', 'files.acme.test')).status).toBe(404);
    expect((await request(app).get('/login').set('Host', 'ferry.test')).status).toBe(200);
  });

  it('when many requests name hosts no company has verified, then identity is asked for the list about once a second, not once a request', async () => {
    const { app, asked } = await hostRouting();
    for (let i = 0; i < 50; i++) expect((await request(app).get('/login').set('Host', `bot-${i}.example`)).status).toBe(200);
    expect(asked.hosts).toBeLessThanOrEqual(2);
  });
});
