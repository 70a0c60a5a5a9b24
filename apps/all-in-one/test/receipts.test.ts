import { createHash } from 'node:crypto';
import { RECEIPTS_RPC, type TReceiptKeySet, type TSignedReceipt } from '@ferry/contracts';
import { verifyReceipt } from '@ferry/receipts';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, decodePDFRawStream, type PDFHexString, type PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, uploadGrants, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Signed delivery receipts through the gateway, every service real: a recorded download yields a
 * receipt that verifies with nothing but the published key set, names the bytes' SHA-256, and
 * still verifies after the signing key is rotated.
 */
describe('delivery receipts', () => {
  let test: TestFerry;
  let sender: ReturnType<typeof gatewayClient>;
  let senderToken: string;
  let slug: string;
  const invoice = 'Invoice 2026-114: 400 cartons\n'.repeat(300);
  const packing = Buffer.alloc(20_000, 3);

  const publishedKeys = async (): Promise<TReceiptKeySet> => {
    const res = await fetch(`${test.ferry.url}/.well-known/ferry-receipt-keys.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('max-age');
    return (await res.json()) as TReceiptKeySet;
  };
  const receipts = async () => {
    const res = await sender.call('GET', `/transfers/${slug}/receipts`);
    expect(res.status).toBe(200);
    return (res.body as { receipts: TSignedReceipt[] }).receipts;
  };

  beforeAll(async () => {
    test = await startTestFerry('receipts');
    const { accessToken } = await signUpThroughGateway(test.api, test.inbox, { email: 'ada@acme.example', plan: 'Free', fullName: 'Ada Lovelace' });
    senderToken = accessToken;
    sender = gatewayClient(test.api, accessToken);
    expect((await sender.call('PATCH', '/me', { company: 'Acme Trading' })).status).toBe(200);
    const created = await sender.call('POST', '/transfers', {
      sendAs: 'email',
      emailTo: ['buyer@dubai.example'],
      files: [
        { name: 'invoice.txt', size: invoice.length },
        { name: 'packing.bin', size: packing.length, path: 'docs' },
      ],
    });
    expect(created.status).toBe(201);
    const transfer = created.body as { id: string; slug: string; uploads: Grant[] };
    slug = transfer.slug;
    await uploadGrants(transfer.uploads, { 'invoice.txt': invoice, 'packing.bin': packing });
    expect((await sender.call('POST', `/transfers/${transfer.id}/complete`, { uploads: transfer.uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);
    const [mail] = await test.inbox.waitForMailsTo('buyer@dubai.example', 1);
    const token = new RegExp(`/downloads/${slug}/([A-Za-z0-9]{12})`).exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    // The buyer downloads the invoice through their own link, then the ZIP of both files.
    const buyer = gatewayClient(test.api);
    const page = await buyer.call('GET', `/public/transfers/${slug}?recipient=${token}`);
    const files = (page.body as { files: Array<{ id: string; name: string }> }).files;
    const invoiceId = files.find((f) => f.name === 'invoice.txt')!.id;
    expect((await buyer.call('POST', `/public/transfers/${slug}/downloads`, { fileId: invoiceId, recipient: token }, { 'x-forwarded-for': '94.200.1.1' })).status).toBe(200);
    expect((await buyer.call('POST', `/public/transfers/${slug}/downloads`, { all: true, recipient: token })).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await test?.stop();
  });

  it('each recorded download has a receipt naming the recipient, the sender and the SHA-256 of the bytes storage received', async () => {
    const [zip, single] = await receipts();
    expect(single!.receipt).toMatchObject({
      type: 'ferry.delivery-receipt',
      issuer: test.ferry.url,
      transfer: { slug, url: `${test.ferry.url}/w/${slug}` },
      files: [{ name: 'invoice.txt', path: null, size: invoice.length, sha256: sha256(invoice) }],
      recipient: 'buyer@dubai.example',
      sender: { email: 'ada@acme.example', name: 'Ada Lovelace', company: 'Acme Trading' },
    });
    expect(zip!.receipt.files.map((f) => [f.path, f.name, f.sha256])).toEqual([
      [null, 'invoice.txt', sha256(invoice)],
      ['docs', 'packing.bin', sha256(packing)],
    ]);
  });

  it('a receipt verifies with only the published key set; an edited field, an unknown key and another file fail', async () => {
    const keys = await publishedKeys();
    const [, single] = await receipts();
    const asDownloaded = JSON.parse(JSON.stringify(single)) as TSignedReceipt;
    expect(verifyReceipt(asDownloaded, keys, sha256(invoice))).toMatchObject({ genuine: true, fileMatches: true, matchedFile: 'invoice.txt' });
    expect(verifyReceipt(asDownloaded, keys, sha256('another file'))).toMatchObject({ genuine: true, fileMatches: false });
    const edited = structuredClone(asDownloaded);
    edited.receipt.recipient = 'someone@else.example';
    expect(verifyReceipt(edited, keys)).toMatchObject({ genuine: false, problem: 'bad_signature' });
    expect(verifyReceipt(asDownloaded, { keys: [] })).toMatchObject({ genuine: false, problem: 'unknown_key' });

    // The same through POST /receipts/verify, which anyone may call.
    const anyone = gatewayClient(test.api);
    expect((await anyone.call('POST', '/receipts/verify', { receipt: asDownloaded, sha256: sha256(invoice) })).body).toMatchObject({ genuine: true, fileMatches: true });
    expect((await anyone.call('POST', '/receipts/verify', { receipt: edited })).body).toMatchObject({ genuine: false, problem: 'bad_signature', receipt: null });
    expect((await anyone.call('POST', '/receipts/verify', { receipt: asDownloaded, sha256: 'nope' })).status).toBe(400);
  });

  it('one receipt downloads as JSON and as a one-page PDF; a stranger gets 404', async () => {
    const [, single] = await receipts();
    const id = single!.receipt.id;
    const json = await sender.call('GET', `/transfers/${slug}/receipts/${id}`);
    expect(json.status).toBe(200);
    expect((json.body as TSignedReceipt).receipt.id).toBe(id);
    expect(verifyReceipt(json.body, await publishedKeys())).toMatchObject({ genuine: true });

    const pdf = await fetch(`${test.api}/transfers/${slug}/receipts/${id}/pdf`, { headers: { authorization: `Bearer ${senderToken}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`receipt-${id}.pdf`);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Delivery receipt ${id}`);
    // The signed JSON travels inside the PDF as an attachment, and it verifies.
    const attached = doc.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict).lookup(PDFName.of('Names'), PDFArray);
    expect((attached.lookup(0) as PDFHexString | PDFString).decodeText()).toBe(`receipt-${id}.json`);
    const file = attached.lookup(1, PDFDict).lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream);
    expect(file).toBeInstanceOf(PDFRawStream);
    const embedded = JSON.parse(Buffer.from(decodePDFRawStream(file as PDFRawStream).decode()).toString('utf8')) as TSignedReceipt;
    expect(embedded.receipt.id).toBe(id);
    expect(verifyReceipt(embedded, await publishedKeys())).toMatchObject({ genuine: true });

    const { accessToken } = await signUpThroughGateway(test.api, test.inbox, { email: 'mallory@elsewhere.example', plan: 'Free' });
    const stranger = gatewayClient(test.api, accessToken);
    expect((await stranger.call('GET', `/transfers/${slug}/receipts`)).status).toBe(404);
    expect((await stranger.call('GET', `/transfers/${slug}/receipts/${id}`)).status).toBe(404);
    expect((await fetch(`${test.api}/transfers/${slug}/receipts/${id}/pdf`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(404);
  });

  it('after the signing key is rotated, old receipts still verify and new ones name the new key', async () => {
    const [, before] = await receipts();
    const rotated = await test.ferry.rpc.request(RECEIPTS_RPC.rotateKey, {});
    expect(rotated.retired).toEqual([before!.signature.kid]);
    const keys = await publishedKeys();
    expect(keys.keys.map((k) => [k.kid, k.retiredAt === null])).toEqual([
      [before!.signature.kid, false],
      [rotated.kid, true],
    ]);
    expect(verifyReceipt(before, keys)).toMatchObject({ genuine: true });
    const [, after] = await receipts();
    expect(after!.signature.kid).toBe(rotated.kid);
    expect(verifyReceipt(after, keys)).toMatchObject({ genuine: true });
  });
});
