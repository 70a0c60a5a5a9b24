import { ZLine } from './text.schemas';

export const FILE_NAME_MAX = 255;
export const FOLDER_PATH_MAX = 1024;
export const DOT_NAME_MESSAGE = 'A file cannot be named . or ..';

const isDotName = (segment: string) => segment === '.' || segment === '..';

/** A file's own name: one line, no folders in it, never `.` or `..` (they name folders on every disk). */
export const ZFileName = ZLine.trim()
  .min(1)
  .max(FILE_NAME_MAX)
  .refine((name) => !/[\\/]/.test(name), 'must not contain slashes')
  .refine((name) => !isDotName(name), DOT_NAME_MESSAGE);

/**
 * A folder inside a transfer, `/`-separated. Backslashes (Windows paths) are folded to `/`
 * before the segments are checked, so `..\..\etc` is refused like `../../etc`.
 */
export const ZFolderPath = ZLine.max(FOLDER_PATH_MAX)
  .transform((path) => path.replace(/\\/g, '/'))
  .refine((path) => !path.split('/').some(isDotName), 'must not contain . or .. segments');
