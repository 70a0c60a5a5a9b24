import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';

const FONT_FILE = 'assets/fonts/NotoSansSC-Regular-simplified.woff2';

/**
 * Where the receipt's CJK font is: beside the bundle (the build and tools/stage copy
 * apps/transfers/assets as `assets/`), or in the source tree when run from source.
 */
export const RECEIPT_FONT_CANDIDATES: readonly string[] = [join(import.meta.dirname, FONT_FILE), join(import.meta.dirname, '../../..', FONT_FILE)];

/** Glyphs the PDF's standard fonts lack (Chinese, Japanese kana), drawn as outlines. */
export interface OutlineFont {
  /** Whether the font has a glyph for this character. */
  has(char: string): boolean;
  /** The character's advance at `size` points. */
  advance(char: string, size: number): number;
  /** The glyph's outline as an SVG path in font units, y pointing down (pdf-lib's drawSvgPath flips it back). */
  outline(char: string): string;
  unitsPerEm: number;
}

function openOutlineFont(file: string): OutlineFont {
  const opened = fontkit.create(readFileSync(file));
  if (!('glyphForCodePoint' in opened)) throw new Error(`${file} is a font collection; the receipt needs one font`);
  const font = opened;
  const outlines = new Map<string, string>();
  const advances = new Map<string, number>();
  const glyph = (char: string) => font.glyphForCodePoint(char.codePointAt(0) ?? 0);
  return {
    unitsPerEm: font.unitsPerEm,
    has: (char) => font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0),
    advance(char, size) {
      let advance = advances.get(char);
      if (advance === undefined) {
        advance = glyph(char).advanceWidth;
        advances.set(char, advance);
      }
      return (advance * size) / font.unitsPerEm;
    },
    outline(char) {
      let path = outlines.get(char);
      if (path === undefined) {
        path = glyph(char).path.scale(1, -1).toSVG();
        outlines.set(char, path);
      }
      return path;
    },
  };
}

let loaded: OutlineFont | null | undefined;

/** The receipt's outline font, opened once; null when no font file is found (CJK then shows as `?`). */
export function receiptOutlineFont(candidates: readonly string[] = RECEIPT_FONT_CANDIDATES): OutlineFont | null {
  if (loaded !== undefined && candidates === RECEIPT_FONT_CANDIDATES) return loaded;
  const file = candidates.find((candidate) => existsSync(candidate));
  const font = file ? openOutlineFont(file) : null;
  if (candidates === RECEIPT_FONT_CANDIDATES) loaded = font;
  return font;
}
