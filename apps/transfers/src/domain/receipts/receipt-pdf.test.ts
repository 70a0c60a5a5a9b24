import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { TSignedReceipt } from '@ferry/contracts';
import { receiptOutlineFont } from './receipt-font';
import { renderReceiptPdf } from './receipt-pdf';

const signed = (name: string, sender: string): TSignedReceipt => ({
  receipt: {
    type: 'ferry.delivery-receipt',
    version: 1,
    id: '7d4c2a52-58b8-4f43-9d3e-0a8f3d3b2e11',
    issuer: 'https://ferry.example',
    issuedAt: '2026-11-28T02:00:00.000Z',
    transfer: { slug: 'abc123', url: 'https://ferry.example/w/abc123' },
    files: [{ name, path: null, size: 2048, sha256: 'a'.repeat(64) }],
    recipient: 'buyer@example.com',
    downloadedAt: '2026-11-28T01:59:00.000Z',
    place: { city: 'Shenzhen', country: 'China', countryCode: 'CN' },
    sender: { email: 'li@example.com', name: sender, company: 'Acme' },
  },
  signature: { alg: 'Ed25519', kid: 'k1', value: 'b'.repeat(86) },
});

/** The page's drawing operators, and the strings its text operators draw. */
async function pageOf(pdf: Uint8Array): Promise<{ operators: string; texts: string[] }> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const operators = streams.map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1')).join('\n');
  const texts = [...operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((match) => Buffer.from(match[1] as string, 'hex').toString('latin1'));
  return { operators, texts };
}

const fills = (operators: string) => operators.split('\n').filter((line) => line.trim() === 'f').length;

describe('the receipt PDF', () => {
  it('when a file name and the sender are Chinese, then they are drawn as glyph outlines, not as question marks', async () => {
    const font = receiptOutlineFont();
    expect(font, 'the CJK font ships in apps/transfers/assets/fonts').not.toBeNull();
    const page = await pageOf(await renderReceiptPdf(signed('季度报告.pdf', '李明'), font));
    expect(page.texts).toContain('.pdf');
    expect(page.texts.join('')).not.toContain('?');
    // 季度报告 and 李明: one filled outline per character.
    expect(fills(page.operators)).toBeGreaterThanOrEqual(6);
  });

  it('when no CJK font is found, then the PDF is still made and the characters it cannot draw show as ?', async () => {
    expect(receiptOutlineFont(['/nonexistent/font.woff2'])).toBeNull();
    const page = await pageOf(await renderReceiptPdf(signed('季度报告.pdf', '李明'), null));
    expect(page.texts).toContain('????.pdf');
    expect(fills(page.operators)).toBe(0);
  });

  it('when everything is Latin, then it is all text, with accents', async () => {
    const page = await pageOf(await renderReceiptPdf(signed('Quarterly report é.pdf', 'Zoë'), receiptOutlineFont()));
    expect(page.texts).toContain('Quarterly report \xe9.pdf');
    expect(fills(page.operators)).toBe(0);
  });
});
