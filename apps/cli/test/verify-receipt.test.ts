import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TReceipt, TReceiptKeySet } from '@ferry/contracts';
import { generateReceiptKey, receiptPrivateKey, signReceipt } from '@ferry/receipts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferry } from './cli-harness';

const INVOICE = 'Invoice 2026-114: 400 cartons\n';

/** `ferry verify`: a receipt checked offline with a saved key set, or with the keys its issuer publishes. */
describe('ferry verify', () => {
  let dir: string;
  let server: Server;
  let issuer: string;
  let keysServed = 0;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ferry-verify-'));
    const { privateKeyDer, x } = generateReceiptKey();
    const keys: TReceiptKeySet = { keys: [{ kid: 'k-2026', kty: 'OKP', crv: 'Ed25519', x, alg: 'EdDSA', use: 'sig', createdAt: '2026-11-01T00:00:00.000Z', retiredAt: null }] };
    server = createServer((req, res) => {
      if (req.url === '/.well-known/ferry-receipt-keys.json') {
        keysServed += 1;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(keys));
        return;
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const receipt: TReceipt = {
      type: 'ferry.delivery-receipt',
      version: 1,
      id: '0b7a4c1e-8d3a-4c1e-9d7a-0c1e2f3a4b5c',
      issuer,
      issuedAt: '2026-11-25T10:00:00.000Z',
      transfer: { slug: 'AbC1234', url: `${issuer}/w/AbC1234` },
      files: [{ name: 'invoice.txt', path: null, size: INVOICE.length, sha256: createHash('sha256').update(INVOICE).digest('hex') }],
      recipient: 'buyer@dubai.example',
      downloadedAt: '2026-11-25T09:59:00.000Z',
      place: { city: 'Dubai', country: 'United Arab Emirates', countryCode: 'AE' },
      sender: { email: 'ada@acme.example', name: 'Ada', company: 'Acme Trading' },
    };
    const signed = signReceipt(receipt, { kid: 'k-2026', privateKey: receiptPrivateKey(privateKeyDer) });
    await writeFile(join(dir, 'receipt.json'), JSON.stringify(signed, null, 2));
    await writeFile(join(dir, 'edited.json'), JSON.stringify({ ...signed, receipt: { ...receipt, recipient: 'someone@else.example' } }));
    await writeFile(join(dir, 'keys.json'), JSON.stringify(keys));
    await writeFile(join(dir, 'invoice.txt'), INVOICE);
    await writeFile(join(dir, 'other.txt'), 'not the invoice');
  });
  afterAll(async () => {
    server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('offline with a saved key set: a genuine receipt and its file pass, and nothing is fetched', async () => {
    const before = keysServed;
    const run = await ferry(['verify', 'receipt.json', 'invoice.txt', '--keys', 'keys.json'], { home: join(dir, 'home'), cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('genuine   receipt 0b7a4c1e-8d3a-4c1e-9d7a-0c1e2f3a4b5c');
    expect(run.stdout).toContain('in Dubai, United Arab Emirates to buyer@dubai.example');
    expect(run.stdout).toContain('matches   invoice.txt is invoice.txt');
    expect(keysServed).toBe(before);
  });

  it('without --keys it fetches the key set the receipt names', async () => {
    const run = await ferry(['verify', 'receipt.json'], { home: join(dir, 'home'), cwd: dir });
    expect(run.code).toBe(0);
    expect(keysServed).toBeGreaterThan(0);
  });

  it('an edited receipt and a different file fail with exit 1', async () => {
    const edited = await ferry(['verify', 'edited.json', '--keys', 'keys.json'], { home: join(dir, 'home'), cwd: dir });
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain('error RECEIPT_NOT_GENUINE: The receipt is not genuine: its signature does not match its contents: it was edited');
    const other = await ferry(['verify', 'receipt.json', 'other.txt', '--keys', 'keys.json'], { home: join(dir, 'home'), cwd: dir });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('error FILE_MISMATCH: other.txt');
  });
});
