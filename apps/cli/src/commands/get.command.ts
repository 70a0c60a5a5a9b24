import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { TRANSFER_ROUTES } from '@ferry/contracts';
import { createProgressMeter } from '@ferry/upload-engine';
import type { CliDeps } from '../cli-deps';
import { CliError, EXIT, usageError } from '../cli-error';
import { z } from 'zod';
import { normaliseApiUrl } from '../config/cli-home';
import { ApiError, apiErrorFrom, callRoute, createApiClient, fetchOrExplain } from '../http/api-client';
import { downloadFilename, safeFilename } from '../http/content-disposition';
import { formatBytes, formatRate } from '../output/format-units';
import { createProgressLine, progressText } from '../output/progress-line';

export interface GetOptions {
  url: string;
  /** The folder to save into; the working directory when not given. */
  outDir?: string;
  /** For password-protected transfer links. */
  password?: string;
  /** The API a transfer link is resolved through (default: the link's origin + /api/v1, or FERRY_API). */
  api?: string;
}

/** A download page link: `/w/{slug}` (or the older `/d/{slug}`) or the mailed `/downloads/{slug}/{recipient}`. */
const TRANSFER_LINK = /^\/(?:w|d|downloads)\/([A-Za-z0-9]{7})(?:\/([A-Za-z0-9]{1,64}))?\/?$/;
const ZPublicFiles = z.object({ files: z.array(z.object({ id: z.string(), name: z.string(), path: z.string().nullable(), size: z.number() })) });
const ZSignedUrl = z.object({ url: z.string() });

/** Keeps a server-given folder inside the output folder: no absolute paths, no `..`, `\\` read as a separator. */
function safeFolder(path: string | null): string[] {
  return (path ?? '').split(/[/\\]/).filter((s) => s.length > 0 && s !== '.' && s !== '..');
}

/** `target` is somewhere below `dir` (not `dir` itself). */
function isInside(dir: string, target: string): boolean {
  const path = relative(dir, target);
  return path !== '' && path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
}

/**
 * `ferry get <url>`: saves a signed storage link (a file or a `/zip/<token>` archive) under the
 * name the server gives, writing `<name>.part` and renaming it when whole. A `.part` left by an
 * earlier run is continued with a Range request when the server allows it.
 */
export async function getCommand(deps: CliDeps, options: GetOptions): Promise<number> {
  const url = parseLink(options.url);
  const dir = resolve(deps.cwd, options.outDir ?? '.');
  const transfer = TRANSFER_LINK.exec(url.pathname);
  if (transfer) return getTransfer(deps, { password: options.password, api: options.api, link: url, dir, slug: transfer[1] as string, recipient: transfer[2] });
  if (options.password !== undefined) throw usageError('ferry get --password is for transfer links (/w/…); signed storage links need no password');
  await mkdir(dir, { recursive: true });
  return downloadSignedLink(deps, url, dir);
}

/**
 * A transfer link: the download page's data through the API (with the password when asked),
 * then every file on its own signed link into its folder under `dir`, each resumable. Each
 * file counts as a download for the sender, attributed to the mailed recipient's link.
 */
async function getTransfer(
  deps: CliDeps,
  options: { password?: string; api?: string; link: URL; dir: string; slug: string; recipient?: string },
): Promise<number> {
  const apiUrl = normaliseApiUrl(options.api ?? deps.env['FERRY_API'] ?? `${options.link.origin}/api/v1`);
  const api = createApiClient({ apiUrl, fetch: deps.fetch });
  const headers = options.password === undefined ? undefined : { 'x-transfer-password': options.password };
  const params = { slug: options.slug };
  const page = await callRoute(api, TRANSFER_ROUTES.publicGet, { params, query: { recipient: options.recipient }, headers, signal: deps.signal }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'PASSWORD_REQUIRED') throw new CliError('PASSWORD_REQUIRED', 'This transfer has a password: add --password');
    throw error;
  });
  const { files } = ZPublicFiles.parse(page.body);
  for (const file of files) {
    const folder = join(options.dir, ...safeFolder(file.path));
    await mkdir(folder, { recursive: true });
    const signed = await callRoute(api, TRANSFER_ROUTES.publicDownload, {
      params,
      body: { fileId: file.id, ...(options.recipient ? { recipient: options.recipient } : {}) },
      headers,
      signal: deps.signal,
    });
    // A name that is no plain file name ('..', 'a/b') falls back to what the storage link says.
    const code = await downloadSignedLink(deps, new URL(ZSignedUrl.parse(signed.body).url), folder, safeFilename(file.name));
    if (code !== EXIT.ok) return code;
  }
  return EXIT.ok;
}

/** Saves one signed link into `dir` (under `name`, or the name the server gives), resuming a `.part` file. */
async function downloadSignedLink(deps: CliDeps, url: URL, dir: string, givenName?: string): Promise<number> {
  const progress = createProgressLine(deps.stderr, { now: deps.now });

  let res = await request(deps, url);
  const name = givenName ?? downloadFilename(res.headers.get('content-disposition'), url);
  const target = resolve(dir, name);
  if (!isInside(dir, target)) throw new CliError('UNSAFE_NAME', `Refusing to write ${JSON.stringify(name)} outside ${dir}`);
  const partPath = `${target}.part`;
  const have = await sizeOf(partPath);
  let total = lengthOf(res);
  let start = 0;

  if (have > 0 && total !== undefined && have === total) {
    await discard(res);
    await rename(partPath, target);
    progress.note(`${name}.part was already complete`);
    deps.stdout.write(`${target}\n`);
    return EXIT.ok;
  }
  if (have > 0 && (total === undefined || have < total)) {
    await discard(res);
    res = await request(deps, url, { from: have });
    const range = res.status === 206 ? parseContentRange(res.headers.get('content-range')) : undefined;
    if (range?.start === have) {
      start = have;
      total = range.total;
      progress.note(`Resuming ${name} from byte ${have}${total === undefined ? '' : ` of ${total}`}`);
    } else {
      // 200 is the whole file again; a range the server got wrong or refused is not worth trusting.
      if (res.status !== 200) {
        await discard(res);
        res = await request(deps, url);
      }
      total = lengthOf(res);
      progress.note(`The server cannot resume ${name}; starting over`);
    }
  } else if (have > 0) {
    progress.note(`${name}.part is larger than the file; starting over`);
  }

  const meter = createProgressMeter({ totalBytes: total ?? 0, now: deps.now });
  let received = start;
  const show = (force: boolean) => {
    const snapshot = meter.snapshot();
    const text =
      total === undefined
        ? `${formatBytes(received)}  ${formatRate(snapshot.bytesPerSecond)}  ${name}`
        : progressText({ percent: snapshot.percent, bytesPerSecond: snapshot.bytesPerSecond, secondsLeft: snapshot.secondsLeft, label: name });
    progress.update(text, { force });
  };
  meter.set(received);
  show(true);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      meter.set(received);
      show(false);
      done(null, chunk);
    },
  });

  try {
    const body = res.body ? Readable.fromWeb(res.body as unknown as NodeReadableStream<Uint8Array>) : Readable.from([]);
    await pipeline(body, counter, createWriteStream(partPath, { flags: start > 0 ? 'a' : 'w' }), { signal: deps.signal });
  } catch (error) {
    show(true);
    progress.end();
    if (deps.signal?.aborted) {
      deps.stderr.write(`Cancelled. ${name}.part is kept: run the same \`ferry get\` again to resume.\n`);
      return EXIT.cancelled;
    }
    throw new CliError('DOWNLOAD_FAILED', `${name}: ${(error as Error).message}; run the same command again to resume`);
  }
  show(true);
  progress.end();
  if (total !== undefined && received !== total) {
    throw new CliError('DOWNLOAD_INCOMPLETE', `${name}: got ${received} of ${total} bytes; run the same command again to resume`);
  }
  await rename(partPath, target);
  deps.stdout.write(`${target}\n`);
  return EXIT.ok;
}

function parseLink(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw usageError(`Not a link: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`Only http and https links can be downloaded: ${text}`);
  return url;
}

/** A GET of the link; with `from`, a Range request, whose 206 or 416 the caller judges. */
async function request(deps: CliDeps, url: URL, options: { from?: number } = {}): Promise<Response> {
  const headers: Record<string, string> = options.from === undefined ? {} : { range: `bytes=${options.from}-` };
  const res = await fetchOrExplain(deps.fetch, url.href, { headers, signal: deps.signal });
  if (res.ok || (options.from !== undefined && res.status === 416)) return res;
  throw await apiErrorFrom(res);
}

/** The body's length when it is the bytes of the file (not re-encoded on the way). */
function lengthOf(res: Response): number | undefined {
  if (res.status !== 200 || res.headers.get('content-encoding')) return undefined;
  const length = Number(res.headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** `bytes 50000-131071/131072`; the total may be `*` (unknown). */
export function parseContentRange(header: string | null): { start: number; end: number; total?: number } | undefined {
  const match = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i.exec((header ?? '').trim());
  if (!match) return undefined;
  return { start: Number(match[1]), end: Number(match[2]), total: match[3] === '*' ? undefined : Number(match[3]) };
}

async function sizeOf(path: string): Promise<number> {
  return (await stat(path).catch(() => undefined))?.size ?? 0;
}

async function discard(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => undefined);
}
