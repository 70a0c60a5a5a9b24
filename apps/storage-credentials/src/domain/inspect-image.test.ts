import { describe, expect, it } from 'vitest';
import { sniffImageType } from './inspect-image';

describe('sniffImageType', () => {
  it('when the first bytes are a PNG, JPEG or WebP signature, then that type; anything else (SVG, HTML, GIF) is null', () => {
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="'))).toBeNull();
    expect(sniffImageType(Buffer.from('<html><body>'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a\u0000\u0000\u0000\u0000\u0000\u0000'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
  });
});
