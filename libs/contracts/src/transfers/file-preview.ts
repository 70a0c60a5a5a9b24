/** PRODUCT.md section 5: an image is previewed only up to 100 MB. */
export const PREVIEW_MAX_BYTES = 100 * 1024 * 1024;

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|avif|bmp)$/i;
const VOICE_MEMO_NAME = /^VoiceMemo-.+\.(webm|ogg|m4a|mp3|wav)$/i;
/** SVG can carry script: never shown inline, only downloaded. */
const SVG = /\.svgz?$/i;

export type TPreviewKind = 'image' | 'audio' | 'video';

/**
 * How the download page may show a file before it is downloaded: an image (never SVG), the voice
 * memo or a recorded video, each up to 100 MB; null for everything else. The server signs preview
 * URLs only for these (a preview is not recorded as a download).
 */
export function previewKindOf(file: { name: string; size: number; kind?: string; contentType?: string | null }): TPreviewKind | null {
  const type = (file.contentType ?? '').toLowerCase();
  if (file.size > PREVIEW_MAX_BYTES || SVG.test(file.name) || type.includes('svg')) return null;
  if (file.kind === 'voiceMemo' || VOICE_MEMO_NAME.test(file.name)) return 'audio';
  if (file.kind === 'recordedVideo') return 'video';
  if (type.startsWith('image/') || IMAGE_EXTENSIONS.test(file.name)) return 'image';
  return null;
}
