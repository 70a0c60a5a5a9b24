import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewKindOf, type TPublicTransfer, type TTransferFile } from '@ferry/contracts';
import { formatBytes } from '@ferry/plans';
import { apiProblem } from '../../app/api-error';
import { showToast } from '../../components/toasts';
import { useGetPreviewUrlQuery, useRequestDownloadMutation, type DownloadTarget, type TransferAccess } from './download.api';
import { useDateTimeFormat } from './format-date';
import { startDownload } from './start-download';

/** PRODUCT.md section 4: a transfer with less than 2.2 days left is expiring. */
const EXPIRING_MS = 2.2 * 24 * 3600_000;
/** Previews are signed one by one; a transfer of hundreds of photos shows the first ones. */
const MAX_IMAGE_PREVIEWS = 24;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot > name.length - 6 ? name.slice(dot + 1).toUpperCase() : '';
}

function ImagePreview({ access, file }: { access: TransferAccess; file: TTransferFile }) {
  const { t } = useTranslation('download');
  const { data: url } = useGetPreviewUrlQuery({ ...access, fileId: file.id });
  const [isBroken, setIsBroken] = useState(false);
  if (!url || isBroken) return <span className="download-file__thumb download-file__thumb--empty" aria-hidden="true" />;
  return (
    <img
      className="download-file__thumb"
      src={url}
      alt={t('download.previewOf', { name: file.name })}
      loading="lazy"
      decoding="async"
      onError={() => setIsBroken(true)}
    />
  );
}

/** The voice memo (played with <audio>) or a recorded video, from a preview URL. */
function MediaPlayer({ access, file, kind }: { access: TransferAccess; file: TTransferFile; kind: 'audio' | 'video' }) {
  const { t } = useTranslation('download');
  const { data: url } = useGetPreviewUrlQuery({ ...access, fileId: file.id });
  const labelId = useId();
  const label = kind === 'audio' ? t('download.voiceMemo') : t('download.recordedVideo');
  return (
    <figure className="download-media">
      <figcaption id={labelId} className="download-media__label">
        {label}
      </figcaption>
      {url ? (
        kind === 'audio' ? (
          <audio controls preload="metadata" src={url} aria-labelledby={labelId} />
        ) : (
          <video controls preload="metadata" src={url} aria-labelledby={labelId} />
        )
      ) : (
        <p className="hint" role="status">
          {t('download.loadingMedia')}
        </p>
      )}
    </figure>
  );
}

/** The transfer: sender, message, voice memo, files with sizes and previews, expiry, downloads. */
export function TransferView({
  transfer,
  access,
  startZip,
  onStale,
}: {
  transfer: TPublicTransfer;
  access: TransferAccess;
  /** `/downloads/{id}/{user}/downloadZip`: the ZIP starts at once. */
  startZip: boolean;
  /** The transfer changed under the page (expired, password changed): load it again. */
  onStale: () => void;
}) {
  const { t } = useTranslation('download');
  const formatDate = useDateTimeFormat();
  const [requestDownload] = useRequestDownloadMutation();
  const [pending, setPending] = useState<string | null>(null);
  const zipStarted = useRef(false);
  const titleId = useId();
  const filesTitleId = useId();

  async function download(target: DownloadTarget) {
    const key = 'all' in target ? 'all' : target.fileId;
    setPending(key);
    try {
      startDownload(await requestDownload({ ...access, target }).unwrap());
    } catch (error) {
      const problem = apiProblem(error);
      if (problem.status === 401 || problem.status === 403 || problem.status === 410) onStale();
      else showToast({ title: t('download.failed'), message: problem.message || t('download.tryAgain'), kind: 'error' });
    } finally {
      setPending(null);
    }
  }

  useEffect(() => {
    if (!startZip || zipStarted.current) return;
    zipStarted.current = true;
    // Once per page: the link's purpose, not a reaction to later renders.
    void download({ all: true });
  }, [startZip]);

  const sender = transfer.senderName ?? transfer.senderEmail ?? t('download.someone');
  const count = transfer.files.length;
  const isExpiring = transfer.expiryDate - Date.now() < EXPIRING_MS;
  const kinds = transfer.files.map((file) => previewKindOf(file));
  const media = transfer.files.flatMap((file, i) => {
    const kind = kinds[i];
    return kind === 'audio' || kind === 'video' ? [{ file, kind }] : [];
  });
  const imageIds = new Set(transfer.files.filter((_, i) => kinds[i] === 'image').slice(0, MAX_IMAGE_PREVIEWS).map((f) => f.id));

  return (
    <section className="card download-card" aria-labelledby={titleId}>
      <h1 id={titleId} className="download-card__title">
        {t('download.title', { sender, count })}
      </h1>
      {transfer.recipient ? <p className="hint">{t('download.forRecipient', { email: transfer.recipient })}</p> : null}

      {transfer.message ? (
        <figure className="download-message">
          <figcaption className="visually-hidden">{t('download.message')}</figcaption>
          <blockquote>{transfer.message}</blockquote>
        </figure>
      ) : null}

      {media.map(({ file, kind }) => (
        <MediaPlayer key={file.id} access={access} file={file} kind={kind} />
      ))}

      <dl className="download-meta">
        <div>
          <dt>{t('download.size')}</dt>
          <dd>{t('download.summary', { count, size: formatBytes(transfer.totalBytes) })}</dd>
        </div>
        <div>
          <dt>{t('download.sent')}</dt>
          <dd>{formatDate(transfer.dateSent)}</dd>
        </div>
        <div>
          <dt>{t('download.expires')}</dt>
          <dd>
            {formatDate(transfer.expiryDate)}
            {isExpiring ? <span className="download-badge">{t('download.expiringSoon')}</span> : null}
          </dd>
        </div>
      </dl>

      <div className="download-actions">
        <button type="button" className="button download-all" onClick={() => void download({ all: true })} disabled={pending === 'all'}>
          {pending === 'all' ? t('download.preparing') : t('download.downloadAll')}
        </button>
        <span className="hint">{t('download.downloadAllHint')}</span>
      </div>

      <h2 id={filesTitleId} className="download-files__title">
        {t('download.files')}
      </h2>
      <ul className="download-files" aria-labelledby={filesTitleId}>
        {transfer.files.map((file) => (
          <li key={file.id} className="download-file">
            {imageIds.has(file.id) ? (
              <ImagePreview access={access} file={file} />
            ) : (
              <span className="download-file__thumb download-file__thumb--type" aria-hidden="true">
                {extensionOf(file.name)}
              </span>
            )}
            <span className="download-file__info">
              <span className="download-file__name">
                {file.path ? <span className="download-file__path">{file.path}/</span> : null}
                {file.name}
              </span>
              <span className="hint">{formatBytes(file.size)}</span>
            </span>
            <button
              type="button"
              className="button button--ghost download-file__button"
              onClick={() => void download({ fileId: file.id })}
              disabled={pending === file.id}
              aria-label={t('download.downloadFileLabel', { name: file.name })}
            >
              {pending === file.id ? t('download.preparing') : t('download.downloadFile')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
