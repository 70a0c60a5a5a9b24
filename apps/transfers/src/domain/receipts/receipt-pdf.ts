import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import type { TSignedReceipt } from '@ferry/contracts';
import { receiptOutlineFont, type OutlineFont } from './receipt-font';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);

/** One stretch of a line: text a standard font draws, or a character drawn as an outline. */
type Piece = { text: string } | { glyph: string };

/** What the standard PDF fonts (WinAnsi) can draw. */
const LATIN = /[\x20-\x7e\xa0-\xff]/;

/**
 * Draws text with the standard PDF fonts and, for what they lack (a Chinese file name), the glyphs'
 * outlines from the receipt's CJK font. Characters neither has show as `?`; the exact text is always
 * in the receipt.json attached to the PDF, which is what verifies.
 */
class Painter {
  constructor(
    private readonly page: PDFPage,
    private readonly outlines: OutlineFont | null,
  ) {}

  private pieces(text: string): Piece[] {
    const pieces: Piece[] = [];
    let run = '';
    for (const char of text) {
      if (LATIN.test(char) || !this.outlines?.has(char)) run += LATIN.test(char) ? char : '?';
      else {
        if (run) pieces.push({ text: run });
        run = '';
        pieces.push({ glyph: char });
      }
    }
    return run ? [...pieces, { text: run }] : pieces;
  }

  width(text: string, font: PDFFont, size: number): number {
    return this.pieces(text).reduce((sum, piece) => sum + ('text' in piece ? font.widthOfTextAtSize(piece.text, size) : (this.outlines as OutlineFont).advance(piece.glyph, size)), 0);
  }

  draw(text: string, at: { x: number; y: number; size: number; font: PDFFont; color: RGB }): void {
    let x = at.x;
    for (const piece of this.pieces(text)) {
      if ('text' in piece) {
        this.page.drawText(piece.text, { ...at, x });
        x += at.font.widthOfTextAtSize(piece.text, at.size);
      } else {
        const outlines = this.outlines as OutlineFont;
        this.page.drawSvgPath(outlines.outline(piece.glyph), { x, y: at.y, scale: at.size / outlines.unitsPerEm, color: at.color });
        x += outlines.advance(piece.glyph, at.size);
      }
    }
  }

  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const char of text) {
      if (line !== '' && this.width(line + char, font, size) > width) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
    return [...lines, line];
  }
}

/** Draws label: value rows down the page. */
class Cursor {
  y: number;
  constructor(
    private readonly paint: Painter,
    private readonly fonts: { regular: PDFFont; bold: PDFFont; mono: PDFFont },
    top: number,
  ) {
    this.y = top;
  }
  heading(text: string, size = 12) {
    this.y -= size + 10;
    this.paint.draw(text, { x: MARGIN, y: this.y, size, font: this.fonts.bold, color: INK });
    this.y -= 4;
  }
  row(label: string, value: string, options: { mono?: boolean; width?: number } = {}) {
    const font = options.mono ? this.fonts.mono : this.fonts.regular;
    const size = options.mono ? 8.5 : 10;
    const lines = this.paint.wrap(value, font, size, options.width ?? A4[0] - MARGIN * 2 - 120);
    this.y -= 15;
    this.paint.draw(label, { x: MARGIN, y: this.y, size: 9, font: this.fonts.regular, color: MUTED });
    lines.forEach((line, i) => this.paint.draw(line, { x: MARGIN + 120, y: this.y - i * (size + 3), size, font, color: INK }));
    this.y -= (lines.length - 1) * (size + 3);
  }
}

const formatBytes = (size: number) => `${size.toLocaleString('en-US')} bytes`;

/** A one-page PDF of the receipt: the same data, the signature, a QR code to `/verify`, and the receipt.json attached. */
export async function renderReceiptPdf(signed: TSignedReceipt, outlines: OutlineFont | null = receiptOutlineFont()): Promise<Uint8Array> {
  const { receipt, signature } = signed;
  const verifyUrl = `${receipt.issuer}/verify`;
  const doc = await PDFDocument.create();
  doc.setTitle(`Delivery receipt ${receipt.id}`);
  doc.setProducer('Ferry');
  doc.setCreationDate(new Date(receipt.issuedAt));
  const page = doc.addPage(A4);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold), mono: await doc.embedFont(StandardFonts.Courier) };
  const qr = await doc.embedPng(await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240 }));
  page.drawImage(qr, { x: A4[0] - MARGIN - 96, y: A4[1] - MARGIN - 96, width: 96, height: 96 });
  page.drawText('Delivery receipt', { x: MARGIN, y: A4[1] - MARGIN - 22, size: 22, font: fonts.bold, color: INK });
  const paint = new Painter(page, outlines);
  paint.draw(`Signed by Ferry (${receipt.issuer}). Verify it at ${verifyUrl}`, { x: MARGIN, y: A4[1] - MARGIN - 42, size: 9, font: fonts.regular, color: MUTED });

  const at = new Cursor(paint, fonts, A4[1] - MARGIN - 110);
  at.heading('Delivery');
  at.row('Downloaded at', `${receipt.downloadedAt.replace('T', ' ').replace(/\.\d+Z$/, '')} UTC`);
  at.row('Place', [receipt.place.city, receipt.place.country].filter((p) => p && p !== 'unknown').join(', ') || 'unknown');
  at.row('Recipient', receipt.recipient ?? 'anyone with the link');
  at.row('Transfer', receipt.transfer.url);
  at.row('Sender', [receipt.sender.name, receipt.sender.email, receipt.sender.company].filter(Boolean).join(' - ') || 'anonymous');

  at.heading(receipt.files.length === 1 ? 'File' : `Files (${receipt.files.length})`);
  const shown = receipt.files.slice(0, 12);
  for (const file of shown) {
    at.row('Name', file.path ? `${file.path}/${file.name}` : file.name);
    at.row('Size', formatBytes(file.size));
    at.row('SHA-256', file.sha256 ?? 'not recorded', { mono: true });
  }
  if (receipt.files.length > shown.length) at.row('', `and ${receipt.files.length - shown.length} more: every file is in the attached receipt.json`);

  at.heading('Signature');
  at.row('Receipt', receipt.id, { mono: true });
  at.row('Issued at', receipt.issuedAt);
  at.row('Key', `${signature.kid} (Ed25519, ${receipt.issuer}/.well-known/ferry-receipt-keys.json)`);
  at.row('Signature', signature.value, { mono: true });

  await doc.attach(Buffer.from(JSON.stringify(signed, null, 2)), `receipt-${receipt.id}.json`, {
    mimeType: 'application/json',
    description: 'The signed receipt: check it at /verify or with `ferry verify`',
  });
  return doc.save();
}
