import { useTranslation } from 'react-i18next';
import { formatBytes } from '@ferry/plans';
import type { TRequestFile } from '@ferry/contracts';
import { useDateTimeFormat } from '../../download/format-date';

interface RequestFilesProps {
  files: TRequestFile[];
  busy: string | null;
  onDownload: (fileId: string) => void;
}

/** The files that arrived: name (with its folder), who sent it, when, size and a download button. */
export function RequestFiles({ files, busy, onDownload }: RequestFilesProps) {
  const { t } = useTranslation('inbox');
  const formatDate = useDateTimeFormat();
  return (
    <ul className="request-files" aria-label={t('detail.filesLabel')}>
      {files.map((file) => (
        <li key={file.id} className="request-file">
          <div className="request-file__name">
            <strong>{file.name}</strong>
            {file.path ? <span className="hint">{file.path}</span> : null}
          </div>
          <span className="request-file__meta">
            <span>{file.uploaderEmail ?? t('detail.anonymous')}</span>
            <time dateTime={new Date(file.uploadedAt).toISOString()}>{formatDate(file.uploadedAt)}</time>
            <span>{formatBytes(file.size)}</span>
          </span>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy !== null}
            aria-label={t('detail.downloadFile', { name: file.name })}
            onClick={() => onDownload(file.id)}
          >
            {t('detail.download')}
          </button>
        </li>
      ))}
    </ul>
  );
}
