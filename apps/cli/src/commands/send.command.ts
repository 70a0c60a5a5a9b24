import { dirname } from 'node:path';
import { TRANSFER_ROUTES, ZCompletedTransfer, ZCreatedTransfer, type TDroppedFile, type TRegion } from '@ferry/contracts';
import { CUSTOM_EXPIRY_MARKER, EXPIRY_SECONDS } from '@ferry/plans';
import { MB } from '@ferry/upload-engine';
import type { CliDeps } from '../cli-deps';
import { EXIT, usageError } from '../cli-error';
import { expandPaths, type LocalFile } from '../files/expand-paths';
import { ApiError, callRoute } from '../http/api-client';
import { openCliSession } from '../http/session';
import { DEFAULT_PART_MIB, completeUploads, uploadLocalFiles } from './upload.command';

export interface SendOptions {
  paths: string[];
  to: string[];
  message?: string;
  expiry?: string;
  password?: string;
  region?: string;
  api?: string;
}

/** The product's expiry choices (seconds) under the names a shell user types. */
const EXPIRY_CHOICES: Record<string, number> = {
  '7d': EXPIRY_SECONDS.week,
  '1w': EXPIRY_SECONDS.week,
  '30d': EXPIRY_SECONDS.month,
  '1m': EXPIRY_SECONDS.month,
  '90d': EXPIRY_SECONDS.threeMonths,
  '3m': EXPIRY_SECONDS.threeMonths,
  '365d': EXPIRY_SECONDS.year,
  '1y': EXPIRY_SECONDS.year,
};

/** `7d`, `1w`, `1m`, `3m`, `1y` (and `30d`, `90d`, `365d`), or a date (`2027-01-31`, `2027-01-31T18:00:00Z`) for a custom expiry. */
export function parseExpiry(value: string, now = Date.now()): { expirySeconds: number } | { expirySeconds: number; expiryDate: number } {
  const choice = EXPIRY_CHOICES[value.toLowerCase()];
  if (choice !== undefined) return { expirySeconds: choice };
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const at = Date.parse(value);
    if (Number.isFinite(at) && at > now) return { expirySeconds: CUSTOM_EXPIRY_MARKER, expiryDate: at };
  }
  throw usageError(`--expiry must be one of ${Object.keys(EXPIRY_CHOICES).join(', ')} or a future date like 2027-01-31, not ${value}`);
}

/** The folder of a file inside what the user named (`photos/2024` for `photos/2024/a.jpg`), or none. */
function folderOf(file: LocalFile): string | undefined {
  const folder = dirname(file.displayPath);
  return folder === '.' ? undefined : folder;
}

/** The local files the server kept, in order: each dropped entry takes out the first file with its name and folder. */
function keptFiles(files: LocalFile[], dropped: TDroppedFile[]): LocalFile[] {
  const left = [...dropped];
  return files.filter((file) => {
    const index = left.findIndex((d) => d.name === file.name && (d.path ?? undefined) === folderOf(file));
    if (index < 0) return true;
    left.splice(index, 1);
    return false;
  });
}

/**
 * `ferry send <paths…>`: a transfer of files and folders (their paths kept) to recipients
 * (`--to`, mailed their own link) or as a link; the bytes go straight to storage with the
 * upload engine (resumable: run the same command again), then the transfer goes live and its
 * link is printed. A cancelled send is discarded (its grants belong to that one draft); run it again.
 */
export async function sendCommand(deps: CliDeps, options: SendOptions): Promise<number> {
  if (options.paths.length === 0) throw usageError('Name at least one file or folder: ferry send <paths…> [--to a@b.c]');
  const expiry = options.expiry === undefined ? {} : parseExpiry(options.expiry);
  const { home, apiUrl, plain, api } = await openCliSession(deps, { api: options.api, notLoggedIn: 'Run `ferry login` first: sending needs an account' });

  const files = await expandPaths(options.paths, deps.cwd);
  if (files.length === 0) throw usageError('There are no files in the folders given');

  const draft = {
    sendAs: options.to.length > 0 ? ('email' as const) : ('link' as const),
    files: files.map((f) => ({ name: f.name, size: f.size, path: folderOf(f) })),
    emailTo: options.to,
    message: options.message,
    password: options.password,
    // Not checked here: the API answers an unknown region with VALIDATION_FAILED naming it.
    region: options.region as TRegion | undefined,
    ...expiry,
  };
  const { body } = await callRoute(api, TRANSFER_ROUTES.create, { body: draft, signal: deps.signal });
  const created = ZCreatedTransfer.parse(body);
  for (const dropped of created.dropped) deps.stderr.write(`skipped ${dropped.path ? `${dropped.path}/` : ''}${dropped.name}: ${dropped.title}\n`);
  const kept = keptFiles(files, created.dropped);
  if (kept.length !== created.uploads.length) throw new ApiError('BAD_RESPONSE', `Sent ${kept.length} files, got ${created.uploads.length} grants`, 201);

  const results = await uploadLocalFiles(deps, { apiUrl, home, files: kept, grants: created.uploads, partSize: Math.round(DEFAULT_PART_MIB * MB), resumable: false });
  if (results === 'cancelled') {
    deps.stderr.write('Cancelled. Nothing was sent; run the command again to send.\n');
    return EXIT.cancelled;
  }
  await completeUploads(plain, results);
  const done = ZCompletedTransfer.parse((await callRoute(api, TRANSFER_ROUTES.complete, { params: { id: created.id }, body: { uploads: [] } })).body);
  if (options.to.length > 0) deps.stderr.write(`Sent to ${options.to.join(', ')}\n`);
  deps.stdout.write(`${done.url}\n`);
  return EXIT.ok;
}
