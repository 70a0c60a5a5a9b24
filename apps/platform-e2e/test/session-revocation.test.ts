import { randomBytes } from 'node:crypto';
import { freePort, startServiceProcess, waitFor, type ServiceProcess } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, codeFrom, startPlatformStack, waitForMail, type PlatformStack } from './platform-stack';

/**
 * Two gateway replicas over the real NATS: a logout through one ends the access token on both,
 * and a replica that starts after the logout refuses it too (it catches up from identity).
 */
describe('a logout reaches every gateway replica', () => {
  let stack: PlatformStack;
  const extra: ServiceProcess[] = [];
  const email = `revoke.${randomBytes(4).toString('hex')}@example.com`;
  const password = 'first-password';

  /** Another gateway process on its own port, like a second replica behind the load balancer. */
  async function startReplica(name: string): Promise<string> {
    const port = await freePort();
    const replica = startServiceProcess(name, 'apps/gateway/src/main.ts', { ...stack.env, PORT: String(port) });
    extra.push(replica);
    const api = `http://127.0.0.1:${port}/api/v1`;
    await waitFor(`${name} to answer`, async () => (await fetch(`${api}/plans`).catch(() => null))?.status === 200, 60_000);
    return api;
  }

  beforeAll(async () => {
    stack = await startPlatformStack();
  }, 90_000);
  afterAll(async () => {
    await Promise.all(extra.map((replica) => replica.stop()));
    await stack?.stopAll();
  });

  it('when the user logs out on replica A, then replicas A, B and a replica started later refuse the access token', async () => {
    const replicaB = await startReplica('gateway-b');
    const browser = new ApiClient(stack.api);
    expect((await browser.call('POST', '/auth/email-codes', { email, purpose: 'register' })).status).toBe(202);
    const [codeMail] = await waitForMail(stack.smtp, email);
    expect((await browser.call('POST', '/auth/email-codes/verify', { email, code: codeFrom(codeMail!.text), purpose: 'register' })).status).toBe(200);
    expect((await browser.call('POST', '/auth/signup', { email, password, plan: 'Free' })).status).toBe(201);
    const login = await browser.call('POST', '/auth/login', { email, password });
    const bearer = { authorization: `Bearer ${login.body!.accessToken}` };
    const meOn = async (api: string) => (await new ApiClient(api).call('GET', '/me', undefined, bearer)).status;
    expect(await meOn(stack.api)).toBe(200);
    expect(await meOn(replicaB)).toBe(200);

    const loggedOutAt = Date.now();
    expect((await browser.call('POST', '/auth/logout')).status).toBe(204);
    // Generous bound: the replicas are told over NATS; the figure is printed for the record.
    await waitFor('both replicas to refuse the token', async () => (await meOn(stack.api)) === 401 && (await meOn(replicaB)) === 401, 10_000);
    console.log(`session revocation reached both replicas in ${Date.now() - loggedOutAt} ms (logout answer included)`);

    const replicaC = await startReplica('gateway-c');
    expect(await meOn(replicaC)).toBe(401);
  });
});
