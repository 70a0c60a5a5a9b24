/** Types anonymous senders may not send (PRODUCT.md section 5): 'Insecure file type'. */
const INSECURE_EXTENSIONS = new Set(['html', 'htm', 'exe']);
/** Release-style markers of video names anonymous senders may not send: 'File removed'. */
const RELEASE_MARKERS = /1080p|2160p|webrip|web-dl|yts\.mx|eztv|(?:^|[^a-z0-9])s0[1-6](?![0-9])/i;
const VIDEO_EXTENSIONS = new Set(['mp4', 'mkv']);

export type TAnonymousFileBlock = 'insecureType' | 'copyright';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Why an anonymous sender may not send a file, or null: html/htm/exe are an 'Insecure file type';
 * mp4/mkv with release-style markers in the name are removed as potential copyright ('File removed').
 * The server applies it to every anonymous draft; the web app applies it when files are added.
 */
export function anonymousFileBlock(name: string): TAnonymousFileBlock | null {
  const ext = extensionOf(name);
  if (INSECURE_EXTENSIONS.has(ext)) return 'insecureType';
  if (VIDEO_EXTENSIONS.has(ext) && RELEASE_MARKERS.test(name)) return 'copyright';
  return null;
}
