import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX_BYTES, previewKindOf } from './file-preview';

describe('previewKindOf', () => {
  it('shows images up to 100 MB, by type or extension, and never SVG', () => {
    expect(previewKindOf({ name: 'site.JPG', size: 10 })).toBe('image');
    expect(previewKindOf({ name: 'scan', size: 10, contentType: 'image/png' })).toBe('image');
    expect(previewKindOf({ name: 'big.png', size: PREVIEW_MAX_BYTES })).toBe('image');
    expect(previewKindOf({ name: 'huge.png', size: PREVIEW_MAX_BYTES + 1 })).toBeNull();
    expect(previewKindOf({ name: 'logo.svg', size: 10, contentType: 'image/svg+xml' })).toBeNull();
    expect(previewKindOf({ name: 'logo.png', size: 10, contentType: 'image/svg+xml' })).toBeNull();
    expect(previewKindOf({ name: 'logo.svg', size: 10 })).toBeNull();
  });

  it('plays the voice memo and recorded videos; other files have no preview', () => {
    expect(previewKindOf({ name: 'VoiceMemo-20260101-1200.webm', size: 900, kind: 'file' })).toBe('audio');
    expect(previewKindOf({ name: 'memo.webm', size: 900, kind: 'voiceMemo' })).toBe('audio');
    expect(previewKindOf({ name: 'RecordedVideo-1.mp4', size: 900, kind: 'recordedVideo' })).toBe('video');
    expect(previewKindOf({ name: 'film.webm', size: 900, kind: 'file' })).toBeNull();
    expect(previewKindOf({ name: 'report.pdf', size: 900, contentType: 'application/pdf' })).toBeNull();
  });
});
