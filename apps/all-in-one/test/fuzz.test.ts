import { randomBytes } from 'node:crypto';
import { isErrorCode } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS, mutatedBodyText, seededRandom, type TRandom } from './support/body-mutations';
import { gatewayClient, signUpThroughGateway, uploadGrants, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

/** `FUZZ_SEED=<n>` replays a run; `FUZZ_ROUNDS` changes how many mutations each route gets. */
const SEED = Number(process.env['FUZZ_SEED'] ?? randomBytes(4).readUInt32BE(0));
const ROUNDS = Number(process.env['FUZZ_ROUNDS'] ?? 60);
/** What a stack trace or a server path looks like when it leaks into a response. */
const LEAK = /\n\s*at |\bat [\w$.<>]+ \(|\/(?:work|src|app|node_modules)\/|[\w-]+\.(?:ts|js):\d+/;

interface Target {
  method: string;
  path: string;
  body?: unknown;
  /** Sent with the user's access token. */
  signedIn?: boolean;
  headers?: Record<string, string>;
}

interface Finding {
  method: string;
  path: string;
  status: number;
  sent: string;
  answer: string;
}

/**
 * Mutated bodies, query strings and path segments against every public route of the product, booted
 * as `npm start` boots it (every service in one process, real Postgres, real SMTP): no answer is a
 * 5xx, none carries a stack trace or a server path, and every 4xx has a stable error code.
 */
describe('fuzzing the public API', () => {
  let running: TestFerry;
  let api: string;
  let token: string;
  let targets: Target[];

  beforeAll(async () => {
    console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
    running = await startTestFerry('fuzz', {
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      RATE_LIMIT_AUTH_PER_IP_PER_MINUTE: '100000',
      RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000',
    });
    api = running.api;
    const session = await signUpThroughGateway(api, running.inbox, { email: 'fuzz@acme.example', plan: 'PRM', fullName: 'Fuzz Owner' });
    token = session.accessToken;
    const owner = gatewayClient(api, token);
    const requestSlug = ((await owner.call('POST', '/requests', { title: 'Fuzz request' })).body as { slug: string }).slug;
    const live = (await owner.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'a.txt', size: 5 }], password: 'open sesame' })).body as {
      id: string;
      slug: string;
      uploads: Grant[];
    };
    await uploadGrants(live.uploads, { 'a.txt': 'hello' });
    await owner.call('POST', `/transfers/${live.id}/complete`, { uploads: live.uploads.map((u) => ({ uploadToken: u.uploadToken })) });
    const pending = (await owner.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'b.txt', size: 3 }] })).body as { id: string; uploads: Grant[] };
    const uploadToken = pending.uploads[0]!.uploadToken;
    const fileId = live.uploads[0]!.fileId;
    const file = { name: 'report.pdf', size: 1234, path: 'plans/2026', kind: 'file', contentType: 'application/pdf' };
    const draft = {
      sendAs: 'email',
      files: [file, { name: 'memo.webm', size: 10, kind: 'voiceMemo' }],
      emailTo: ['amira@dubai.example', { email: 'hans@frankfurt.example', name: 'Hans', company: 'Werk GmbH' }],
      senderEmail: 'ling@trading.example',
      senderName: 'Ling',
      message: 'The plans we discussed',
      expirySeconds: 604_800,
      password: 'open sesame',
      region: 'oss-cn-hongkong',
      lang: 'en',
    };
    const passwordHeader = { 'x-transfer-password': 'open sesame' };
    targets = [
      { method: 'POST', path: '/auth/email-codes', body: { email: 'new@acme.example', purpose: 'register', lang: 'zh' } },
      { method: 'POST', path: '/auth/email-codes/verify', body: { email: 'new@acme.example', code: '12345', purpose: 'register' } },
      {
        method: 'POST',
        path: '/auth/signup',
        body: {
          email: 'new@acme.example', password: 'long-enough-1', fullName: 'New Person', company: 'Acme', plan: 'PRM', lang: 'en', referrer: 'https://example.com/',
          fingerprint: { language: 'en-GB', userAgent: 'Mozilla/5.0', browserVendor: 'Google', platform: 'Linux', timezone: 'Europe/Berlin' },
        },
      },
      { method: 'POST', path: '/auth/login', body: { email: 'fuzz@acme.example', password: 'not-the-password' } },
      { method: 'POST', path: '/auth/password-resets', body: { email: 'fuzz@acme.example', lang: 'en' } },
      { method: 'POST', path: `/auth/password-resets/${'a'.repeat(43)}`, body: { password: 'long-enough-2' } },
      { method: 'POST', path: `/team/invites/${'b'.repeat(43)}/accept`, body: { password: 'long-enough-3', fullName: 'Member' } },
      { method: 'POST', path: '/transfers', body: draft },
      { method: 'POST', path: '/transfers', body: { ...draft, sendAs: 'link', emailTo: [], senderEmail: undefined }, signedIn: true },
      { method: 'POST', path: `/transfers/${pending.id}/complete`, body: { uploads: [{ uploadToken, parts: [{ partNumber: 1, etag: '"abc"' }] }] } },
      { method: 'POST', path: `/transfers/${live.slug}/files`, body: { files: [file] }, signedIn: true },
      { method: 'POST', path: `/transfers/${live.slug}/forward`, body: { ...draft, files: undefined, fileIds: [fileId] }, signedIn: true },
      { method: 'POST', path: `/transfers/${live.slug}/restrict`, body: { restricted: false }, signedIn: true },
      { method: 'POST', path: `/transfers/${live.slug}/share`, body: { shareWith: ['someone'] }, signedIn: true },
      { method: 'GET', path: `/public/transfers/${live.slug}?recipient=abc`, headers: passwordHeader },
      { method: 'POST', path: `/public/transfers/${live.slug}/downloads`, body: { fileId, recipient: 'abc', preview: false }, headers: passwordHeader },
      { method: 'POST', path: `/public/transfers/${live.slug}/downloads`, body: { all: true }, headers: passwordHeader },
      { method: 'POST', path: `/public/transfers/${live.slug}/extension-requests`, body: { email: 'amira@dubai.example', recipient: 'abc' }, headers: passwordHeader },
      { method: 'POST', path: '/requests', body: { title: 'Shipping documents', message: 'Please upload', expiryDate: Date.now() + 86_400_000 }, signedIn: true },
      { method: 'POST', path: `/requests/${requestSlug}/downloads`, body: { fileId }, signedIn: true },
      { method: 'POST', path: `/public/requests/${requestSlug}/uploads`, body: { files: [{ name: 'invoice.pdf', size: 100, path: 'docs', contentType: 'application/pdf' }], email: 'up@loader.example' } },
      { method: 'PATCH', path: '/me', body: { fullName: 'Fuzz Owner', greetingName: 'Fuzz', company: 'Acme', profilePic: 'https://example.com/me.png', region: 'oss-eu-central-1', lang: 'en' }, signedIn: true },
      { method: 'POST', path: '/team/invites', body: { email: 'member@acme.example', lang: 'en' }, signedIn: true },
      { method: 'POST', path: '/feedback', body: { rating: 'fantastic', comment: 'Fast and simple', page: '/pricing', email: 'visitor@example.com' } },
      { method: 'POST', path: '/storage/grants', body: { region: 'oss-cn-hongkong', files: [{ name: 'a.bin', size: 10, contentType: 'application/octet-stream' }] }, signedIn: true },
      { method: 'POST', path: '/storage/uploads/sign', body: { uploadToken, partNumbers: [1, 2] } },
      { method: 'POST', path: '/storage/uploads/parts', body: { uploadToken } },
      { method: 'POST', path: '/storage/uploads/complete', body: { uploads: [{ uploadToken }] } },
      { method: 'GET', path: '/transfers?filter=all&skip=0&limit=10&sort=name&search=plans', signedIn: true },
      { method: 'GET', path: '/contacts?search=hans&skip=0&limit=10', signedIn: true },
      { method: 'GET', path: '/analytics?days=30', signedIn: true },
      { method: 'GET', path: '/notifications?skip=0&limit=10', signedIn: true },
      { method: 'GET', path: '/me/usage', signedIn: true },
      { method: 'GET', path: '/downloads?limit=5', signedIn: true },
      { method: 'POST', path: '/test-clock', body: { advanceMs: 60_000 } },
      { method: 'GET', path: `/public/requests/${requestSlug}` },
      { method: 'GET', path: `/auth/password-resets/${'c'.repeat(43)}` },
      { method: 'POST', path: `/extensions/${'d'.repeat(24)}` },
      { method: 'DELETE', path: `/notifications/${'e'.repeat(24)}`, signedIn: true },
    ];
  }, 180_000);

  afterAll(async () => {
    await running?.stop();
  });

  /** Status 0: the client itself would not send it (fetch refuses some header values). */
  async function send(target: Target, body: string | undefined, path = target.path, headers = target.headers): Promise<{ status: number; text: string }> {
    const res = await fetch(`${api}${path}`, {
      method: target.method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(target.signedIn ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body,
    }).catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code === 'UND_ERR_INVALID_ARG') return undefined;
      throw error;
    });
    return res ? { status: res.status, text: await res.text() } : { status: 0, text: '' };
  }

  /**
   * Headers a client controls, with odd bytes: a header cannot carry NUL or line breaks, but it can
   * carry other controls and Latin-1 (the client address comes from X-Forwarded-For behind one proxy hop).
   */
  function mutatedHeaders(random: TRandom, headers: Record<string, string> = {}): Record<string, string> {
    const odd = random.pick(['\u0001', '\u001b[2J', '\u007f', '\u0085\u009b', 'ÿþ', 'é'.repeat(3_000), ' ', '..', 'not-an-ip', '::ffff:999.1.1.1', '1.2.3.4, 5.6.7.8']);
    const name = random.pick([...Object.keys(headers), 'x-forwarded-for', 'user-agent', 'x-transfer-password', 'authorization']);
    return { ...headers, [name]: name === 'authorization' ? `Bearer ${odd}` : odd };
  }

  /** A query value or the last path segment with odd text in it, percent-encoded as a browser would. */
  function mutatedUrl(random: TRandom, path: string): string {
    const odd = encodeURIComponent(random.pick([...CONTROL_CHARACTERS.filter((c) => !/[\ud800-\udfff]/.test(c)), '\u202e', '..', '%', 'x'.repeat(5_000), '🧨']));
    const [base = '', query] = path.split('?');
    if (query && random.next() < 0.7) {
      const pairs = query.split('&');
      const at = random.int(pairs.length);
      const [key] = (pairs[at] ?? '').split('=');
      pairs[at] = random.next() < 0.2 ? `${key}=a&${key}=b` : `${key}=${odd}`;
      return `${base}?${pairs.join('&')}`;
    }
    const segments = base.split('/');
    const last = segments.length - 1 - (/\/(?:complete|files|forward|restrict|share|downloads|uploads|accept|extension-requests)$/.test(base) ? 1 : 0);
    segments[last] = random.next() < 0.5 ? odd : `${segments[last]}${odd}`;
    return segments.join('/') + (query ? `?${query}` : '');
  }

  const statuses = new Map<number, number>();

  function check(findings: Finding[], target: Target, sent: string, answer: { status: number; text: string }): void {
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 0) return;
    const problems: string[] = [];
    if (answer.status >= 500) problems.push('5xx');
    if (LEAK.test(answer.text)) problems.push('stack trace or server path');
    if (answer.status >= 400) {
      const code = (() => {
        try {
          return (JSON.parse(answer.text) as { error?: { code?: string } }).error?.code;
        } catch {
          return undefined;
        }
      })();
      if (!code || !isErrorCode(code)) problems.push('no stable error code');
    }
    if (problems.length > 0) {
      findings.push({ method: target.method, path: target.path, status: answer.status, sent: `${problems.join(', ')}: ${sent.slice(0, 300)}`, answer: answer.text.slice(0, 300) });
    }
  }

  it('when thousands of mutated requests reach the public routes, then none answers 5xx, none leaks a stack trace, every refusal has a stable code', async () => {
    const random = seededRandom(SEED);
    const findings: Finding[] = [];
    let requests = 0;
    for (const target of targets) {
      // The unmutated request must be fine too (it may be refused, but never with a 5xx).
      check(findings, target, 'valid', await send(target, target.body === undefined ? undefined : JSON.stringify(target.body)));
      for (let round = 0; round < ROUNDS; round += 1) {
        requests += 1;
        const roll = random.next();
        if (roll < 0.1) {
          const headers = mutatedHeaders(random, target.headers);
          check(findings, target, `headers ${JSON.stringify(headers).slice(0, 200)}`, await send(target, target.body === undefined ? undefined : JSON.stringify(target.body), target.path, headers));
          continue;
        }
        if (target.body === undefined || roll < 0.25) {
          const path = mutatedUrl(random, target.path);
          check(findings, target, `url ${path}`, await send(target, target.body === undefined ? undefined : JSON.stringify(target.body), path));
          continue;
        }
        const body = mutatedBodyText(random, target.body);
        check(findings, target, body, await send(target, body));
      }
    }
    const answered = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    console.log(`fuzz: ${requests} mutated requests over ${targets.length} routes, seed ${SEED}, answers ${answered}, ${findings.length} findings`);
    expect(findings, `seed ${SEED}`).toEqual([]);
  }, 120_000);
});
