import type { TUploadGrant } from '@ferry/contracts';
import { uploadFile } from './upload-file';
import type { UploadedFile, UploadEvent, UploadFileOptions, UploadSource } from './upload-file.types';

export type UploadFilesEvent = UploadEvent | { type: 'file'; index: number; count: number; name: string; text: string };

/** Uploads files one after another, reporting 'n of m' and overall progress. */
export async function uploadFiles(
  options: Omit<UploadFileOptions, 'source' | 'grant' | 'onEvent'> & {
    files: { source: UploadSource; grant: TUploadGrant }[];
    onEvent?: (event: UploadFilesEvent) => void;
  },
): Promise<UploadedFile[]> {
  const emit = options.onEvent ?? (() => undefined);
  const total = options.files.reduce((sum, f) => sum + f.source.size, 0);
  const results: UploadedFile[] = [];
  let before = 0;
  for (const [index, file] of options.files.entries()) {
    emit({ type: 'file', index, count: options.files.length, name: file.source.name, text: `${index + 1} of ${options.files.length}` });
    results.push(
      await uploadFile({
        ...options,
        source: file.source,
        grant: file.grant,
        onEvent: (event) => {
          if (event.type !== 'progress') return emit(event);
          const done = before + event.bytesUploaded;
          emit({ ...event, bytesUploaded: done, totalBytes: total, percent: total === 0 ? 100 : Math.floor((done / total) * 1000) / 10 });
        },
      }),
    );
    before += file.source.size;
  }
  return results;
}
