import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTransferDetail } from '@ferry/contracts';
import { QuickSendPanel } from '../../quick-send/QuickSendPanel';
import { CopyLink } from './CopyLink';
import { DownloadLog, RecipientList } from './DownloadLog';
import { ForwardPanel } from './ForwardPanel';
import { useDashDates } from './format-dates';
import { TransferActions, type ActionPanel } from './TransferActions';
import { TransferFiles } from './TransferFiles';
import { StateBadge } from './TransferRow';

/** The open transfer: what it is, its link, its actions (and the panel one opened), files, recipients and downloads. */
export function TransferDetails({ transfer, titleId, onClose }: { transfer: TTransferDetail; titleId: string; onClose: () => void }) {
  const { t } = useTranslation('transfers');
  const dates = useDashDates();
  const [panel, setPanel] = useState<ActionPanel>(null);
  const isOwner = !transfer.shared;

  return (
    <>
      <header className="transfer-modal__head">
        <h2 id={titleId}>{transfer.fileName || transfer.slug}</h2>
        <StateBadge transfer={transfer} />
      </header>
      <dl className="transfer-meta">
        <div>
          <dt>{t('row.size')}</dt>
          <dd>{t('row.files', { count: transfer.fileNumber, size: transfer.size })}</dd>
        </div>
        <div>
          <dt>{t('row.sent')}</dt>
          <dd>{dates.dateTime(transfer.dateSent)}</dd>
        </div>
        <div>
          <dt>{t('row.expires')}</dt>
          <dd>{dates.dateTime(transfer.expiryDate)}</dd>
        </div>
      </dl>
      {transfer.message ? <blockquote className="transfer-message">{transfer.message}</blockquote> : null}
      <CopyLink url={transfer.url} />
      <TransferActions transfer={transfer} isOwner={isOwner} panel={panel} onPanel={setPanel} onDeleted={onClose} />
      {panel === 'addFiles' ? (
        <div className="transfer-panel">
          <QuickSendPanel addTo={{ slug: transfer.slug }} onSendAnother={() => setPanel(null)} />
        </div>
      ) : null}
      {panel === 'forward' ? <ForwardPanel transfer={transfer} onDone={() => setPanel(null)} /> : null}
      <TransferFiles transfer={transfer} />
      <RecipientList transfer={transfer} />
      <DownloadLog transfer={transfer} />
    </>
  );
}
