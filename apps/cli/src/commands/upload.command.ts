import { STORAGE_ROUTES, ZGrantList, ZRegion, ZStoredObjectList, type TRegion, type TStoredObject, type TUploadGrant } from '@ferry/contracts';
import {
  MB,
  UploadApiError,
  UploadCancelledError,
  UploadFailedError,
  completionOf,
  createHttpUploadApi,
  uploadFiles,
  type CheckpointStore,
  type UploadApi,
  type UploadedFile,
  type UploadFilesEvent,
} from '@ferry/upload-engine';
import { createFileCheckpointStore, fileSource } from '@ferry/upload-engine/node';
import type { CliDeps } from '../cli-deps';
import { CliError, EXIT, usageError } from '../cli-error';
import { checkpointsDirOf } from '../config/cli-home';
import { expandPaths, type LocalFile } from '../files/expand-paths';
import { ApiError, callRoute, type ApiClient } from '../http/api-client';
import { openCliSession } from '../http/session';
import { createProgressLine, progressText } from '../output/progress-line';

/** Node on a fast link sends bigger parts than a browser's 2 MB default. */
export const DEFAULT_PART_MIB = 16;
const COMPLETE_BATCH = 1_000;

export interface UploadOptions {
  paths: string[];
  region?: string;
  /** Part size for files of 50 MB and more, in MiB. */
  partMib?: number;
  json?: boolean;
  api?: string;
}

/**
 * `ferry upload <paths…>`: grants for every file, the bytes straight to storage with the upload
 * engine, then `complete`. Ctrl-C keeps the parts and the checkpoints; the same command resumes.
 */
export async function uploadCommand(deps: CliDeps, options: UploadOptions): Promise<number> {
  if (options.paths.length === 0) throw usageError('Name at least one file or folder: ferry upload <paths…>');
  const region = options.region === undefined ? undefined : parseRegion(options.region);
  const partSize = Math.round((options.partMib ?? DEFAULT_PART_MIB) * MB);

  const { home, apiUrl, plain, api } = await openCliSession(deps, { api: options.api, notLoggedIn: 'Run `ferry login` first' });

  const files = await expandPaths(options.paths, deps.cwd);
  if (files.length === 0) throw usageError('There are no files in the folders given');

  const { body } = await callRoute(api, STORAGE_ROUTES.createGrants, {
    body: { region, files: files.map((f) => ({ name: f.name, size: f.size })) },
    signal: deps.signal,
  });
  const grants = ZGrantList.parse(body).grants;
  if (grants.length !== files.length) throw new ApiError('BAD_RESPONSE', `Asked for ${files.length} grants, got ${grants.length}`, 201);

  const results = await uploadLocalFiles(deps, { apiUrl, home, files, grants, partSize });
  if (results === 'cancelled') {
    deps.stderr.write('Cancelled. The parts sent so far are kept for 7 days: run the same `ferry upload` again to resume.\n');
    return EXIT.cancelled;
  }
  const objects = await completeUploads(plain, results);
  const byId = new Map(objects.map((o) => [o.fileId, o]));
  const rows = results.map((result, i) => ({ file: files[i] as LocalFile, object: byId.get(result.fileId) }));
  const missing = rows.find((row) => !row.object);
  if (missing) throw new ApiError('BAD_RESPONSE', `The API did not confirm ${missing.file.displayPath}`, 200);

  if (options.json) {
    const out = rows.map(({ file, object }) => ({ ...(object as TStoredObject), path: file.displayPath }));
    deps.stdout.write(`${JSON.stringify({ objects: out }, null, 2)}\n`);
  } else {
    for (const { file, object } of rows) deps.stdout.write(`${object?.fileId}\t${object?.size}\t${file.displayPath}\n`);
  }
  return EXIT.ok;
}

/**
 * Sends local files to storage on their grants with the upload engine: checkpoints under the
 * CLI's home (so the same command resumes), a progress line, unused grants released. Answers
 * 'cancelled' after Ctrl-C (the parts are kept); a failure is thrown as a CliError.
 */
export async function uploadLocalFiles(
  deps: CliDeps,
  options: {
    apiUrl: string;
    home: string;
    files: LocalFile[];
    grants: TUploadGrant[];
    partSize: number;
    /** False for uploads whose grants cannot be found again (a transfer's): no checkpoint is resumed or left behind. */
    resumable?: boolean;
  },
): Promise<UploadedFile[] | 'cancelled'> {
  const { apiUrl, files, grants } = options;
  const resumable = options.resumable ?? true;
  const uploadApi = createHttpUploadApi({ apiUrl, fetch: deps.fetch });
  const checkpoints = createFileCheckpointStore(resumable ? checkpointsDirOf(options.home) : `${checkpointsDirOf(options.home)}-once`);
  if (resumable) await dropDeadCheckpoints({ files, checkpoints, uploadApi });
  else for (const file of files) await checkpoints.delete(file.absolutePath);
  const sources = await Promise.all(files.map((f) => fileSource(f.absolutePath)));
  const progress = createProgressLine(deps.stderr, { now: deps.now });
  const view = uploadView(files, progress);

  let results: UploadedFile[];
  try {
    results = await uploadFiles({
      files: sources.map((source, i) => ({ source, grant: grants[i] as TUploadGrant })),
      api: uploadApi,
      checkpoints,
      signal: deps.signal,
      partSize: options.partSize,
      fetch: deps.fetch,
      now: deps.now,
      onEvent: (event) => view.onEvent(event),
    });
  } catch (error) {
    progress.end();
    if (!resumable) for (const file of files) await checkpoints.delete(file.absolutePath);
    await releaseUnusedGrants({ grants, files, results: [], checkpoints, uploadApi });
    if (error instanceof UploadCancelledError) return 'cancelled';
    if (error instanceof UploadFailedError) {
      const where = error.details.partNumber === undefined ? '' : ` (part ${error.details.partNumber})`;
      throw new CliError('UPLOAD_FAILED', `${error.details.name}${where}: ${error.message} after ${error.details.attempt} tries`);
    }
    if (error instanceof UploadApiError) throw new ApiError(error.code, error.message, error.status);
    throw error;
  }
  progress.end();
  await releaseUnusedGrants({ grants, files, results, checkpoints, uploadApi });
  return results;
}

function parseRegion(value: string): TRegion {
  const parsed = ZRegion.safeParse(value);
  if (!parsed.success) throw usageError(`Unknown region ${value}; one of ${ZRegion.options.join(', ')}`);
  return parsed.data;
}

export async function completeUploads(api: ApiClient, results: UploadedFile[]): Promise<TStoredObject[]> {
  const objects: TStoredObject[] = [];
  for (let i = 0; i < results.length; i += COMPLETE_BATCH) {
    const uploads = results.slice(i, i + COMPLETE_BATCH).map(completionOf);
    // Not cancellable: the bytes are all there, and the checkpoints are gone once the engine finished.
    const { body } = await callRoute(api, STORAGE_ROUTES.completeUploads, { body: { uploads } });
    objects.push(...ZStoredObjectList.parse(body).objects);
  }
  return objects;
}

/**
 * A checkpoint whose upload the API no longer knows (aborted, completed elsewhere, or past its
 * 7 days) would fail every run; it is dropped so the file starts over on its fresh grant.
 */
async function dropDeadCheckpoints(options: { files: LocalFile[]; checkpoints: CheckpointStore; uploadApi: UploadApi }): Promise<void> {
  for (const file of options.files) {
    const checkpoint = await options.checkpoints.get(file.absolutePath);
    if (!checkpoint) continue;
    try {
      await options.uploadApi.listParts(checkpoint.uploadToken);
    } catch (error) {
      // Only the API's "no such upload" counts; a network hiccup leaves the checkpoint for the engine to retry.
      if (error instanceof UploadApiError && error.status >= 400 && error.status < 500) await options.checkpoints.delete(file.absolutePath);
    }
  }
}

/**
 * A file resumed from a checkpoint uploads under its first grant, and a cancelled or failed run
 * leaves grants nobody will complete; those are aborted so storage drops them. A grant that a
 * checkpoint still points at is kept: it is what the next run resumes.
 */
async function releaseUnusedGrants(options: {
  grants: TUploadGrant[];
  files: LocalFile[];
  results: UploadedFile[];
  checkpoints: CheckpointStore;
  uploadApi: UploadApi;
}): Promise<void> {
  for (const [i, grant] of options.grants.entries()) {
    const file = options.files[i] as LocalFile;
    const inUse = options.results[i]?.uploadToken ?? (await options.checkpoints.get(file.absolutePath))?.uploadToken;
    if (inUse === grant.uploadToken) continue;
    await options.uploadApi.abort(grant.uploadToken).catch(() => undefined);
  }
}

/** Turns the engine's events into the progress line: percent, speed, time left, 'n of m', status, file. */
function uploadView(files: LocalFile[], progress: ReturnType<typeof createProgressLine>) {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  let counter = '';
  let label = '';
  let status = '';
  let state = { percent: 0, bytesPerSecond: 0, secondsLeft: null as number | null };
  const show = (force: boolean) => progress.update(progressText({ ...state, counter, status, label }), { force });
  return {
    onEvent(event: UploadFilesEvent) {
      switch (event.type) {
        case 'file':
          // The engine's 'Getting Ready...' follows at once and draws the line.
          counter = event.text;
          status = '';
          label = files[event.index]?.displayPath ?? event.name;
          break;
        case 'status':
          status = event.status;
          show(true);
          break;
        case 'progress': {
          // The engine's speed is the current file's; the time left is for everything still to send.
          const left = total - event.bytesUploaded;
          state = {
            percent: event.percent,
            bytesPerSecond: event.bytesPerSecond,
            secondsLeft: left <= 0 ? 0 : event.bytesPerSecond > 0 ? Math.ceil(left / event.bytesPerSecond) : null,
          };
          show(event.bytesUploaded === total);
          break;
        }
        case 'warning':
          progress.note(`warning: ${label}: try ${event.attempt}: ${event.message}`);
          break;
        case 'part':
          break;
      }
    },
  };
}
