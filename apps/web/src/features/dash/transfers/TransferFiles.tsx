import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewKindOf, type TTransferDetail, type TTransferFile } from '@ferry/contracts';
import { formatBytes } from '@ferry/plans';
import { useGetPreviewUrlQuery } from '../../download/download.api';
import { fileEntries, type FileOrder } from './transfer-rules';

/** Previews are signed one by one, as on the download page: the first images only. */
const MAX_PREVIEWS = 12;

/** The download page's preview of an image, the voice memo or a recorded video (not recorded as a download). */
function FilePreview({ slug, file }: { slug: string; file: TTransferFile }) {
  const { t } = useTranslation('transfers');
  const kind = previewKindOf(file);
  const { data: url } = useGetPreviewUrlQuery({ slug, fileId: file.id });
  const [isBroken, setBroken] = useState(false);
  if (!url || isBroken) return <span className="transfer-file__thumb" aria-hidden="true" />;
  if (kind === 'audio') return <audio className="transfer-file__media" controls preload="none" src={url} aria-label={t('files.play', { name: file.name })} />;
  if (kind === 'video') return <video className="transfer-file__media" controls preload="none" src={url} aria-label={t('files.play', { name: file.name })} />;
  return <img className="transfer-file__thumb" src={url} alt={t('files.previewOf', { name: file.name })} loading="lazy" onError={() => setBroken(true)} />;
}

function FileLine({ file, canPreview, slug }: { file: TTransferFile; canPreview: boolean; slug: string }) {
  return (
    <li className="transfer-file">
      {canPreview ? <FilePreview slug={slug} file={file} /> : <span className="transfer-file__thumb" aria-hidden="true" />}
      <span className="transfer-file__name">{file.name}</span>
      <span className="hint">{formatBytes(file.size)}</span>
    </li>
  );
}

/**
 * The files, folders before files (or after) and by name; previews where the download page has
 * them, while the link works without a password.
 */
export function TransferFiles({ transfer }: { transfer: TTransferDetail }) {
  const { t } = useTranslation('transfers');
  const orderId = useId();
  const [order, setOrder] = useState<FileOrder>({ descending: true, foldersFirst: true });
  const isLinkOpen = transfer.state === 'active' && !transfer.restricted && !transfer.hasPassword;
  const previewIds = new Set(isLinkOpen ? transfer.files.filter((f) => previewKindOf(f)).slice(0, MAX_PREVIEWS).map((f) => f.id) : []);
  const line = (file: TTransferFile) => <FileLine key={file.id} file={file} slug={transfer.slug} canPreview={previewIds.has(file.id)} />;

  return (
    <section className="transfer-section">
      <div className="transfer-section__head">
        <h3>{t('files.title', { count: transfer.files.length })}</h3>
        <label htmlFor={orderId} className="visually-hidden">
          {t('files.order')}
        </label>
        <select
          id={orderId}
          value={`${order.descending ? 'desc' : 'asc'}-${order.foldersFirst ? 'first' : 'last'}`}
          onChange={(e) => setOrder({ descending: e.target.value.startsWith('desc'), foldersFirst: e.target.value.endsWith('first') })}
        >
          <option value="desc-first">{t('files.descFoldersFirst')}</option>
          <option value="asc-first">{t('files.ascFoldersFirst')}</option>
          <option value="desc-last">{t('files.descFoldersLast')}</option>
          <option value="asc-last">{t('files.ascFoldersLast')}</option>
        </select>
      </div>
      <ul className="transfer-files" aria-label={t('files.title', { count: transfer.files.length })}>
        {fileEntries(transfer.files, order).map((entry) =>
          entry.type === 'file' ? (
            line(entry.file)
          ) : (
            <li key={`folder:${entry.name}`} className="transfer-folder">
              <details>
                <summary>
                  <span className="transfer-folder__name">{entry.name}/</span>
                  <span className="hint">{t('row.files', { count: entry.files.length, size: formatBytes(entry.size) })}</span>
                </summary>
                <ul className="transfer-files">{entry.files.map(line)}</ul>
              </details>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
