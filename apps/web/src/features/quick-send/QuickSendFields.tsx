import { useRef, useState, type Dispatch, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@ferry/plans';
import { CogIcon, FileIcon, FolderIcon } from './icons';
import type { ContactRow } from './quick-send.api';
import { fieldChanged, formActions, type QuickSendFormState } from './quick-send-form.slice';
import type { FieldProblem } from './quick-send-rules';
import { RecipientChips } from './RecipientChips';
import { filesFromDrop, listEntries, toSelected, type SelectedFile } from './selected-files';

type FormDispatch = Dispatch<ReturnType<(typeof formActions)[keyof typeof formActions]>>;

export const fieldId = (name: string) => `qs-${name}`;
const invalidClass = (isInvalid: boolean) => (isInvalid ? ' field--invalid shake' : '');

/** The panel's title and the cog that opens the options panel. */
export function PanelHead({ title, isOptionsOpen, onToggleOptions }: { title: string; isOptionsOpen: boolean; onToggleOptions: () => void }) {
  const { t } = useTranslation('send');
  return (
    <div className="quick-send__head">
      <h2>{title}</h2>
      <button type="button" className="icon-button" aria-expanded={isOptionsOpen} aria-controls="qs-options" aria-label={t('options.open')} onClick={onToggleOptions}>
        <CogIcon />
      </button>
    </div>
  );
}

interface DropZoneProps {
  isInvalid: boolean;
  fileInput: RefObject<HTMLInputElement | null>;
  onFiles: (files: SelectedFile[]) => void;
  onDragging: (isDragging: boolean) => void;
}

/** Add files, add a folder, or drop either; the hidden inputs are what the buttons open. */
export function FileDropZone({ isInvalid, fileInput, onFiles, onDragging }: DropZoneProps) {
  const { t } = useTranslation('send');
  const folderInput = useRef<HTMLInputElement | null>(null);
  const onPick = (input: HTMLInputElement) => {
    if (input.files) onFiles([...input.files].map((file) => toSelected(file)));
    input.value = '';
  };
  return (
    <div
      className={`dropzone${isInvalid ? ' shake dropzone--invalid' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        onDragging(true);
      }}
      onDragLeave={() => onDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        onDragging(false);
        void filesFromDrop(e.dataTransfer).then(onFiles);
      }}
    >
      <div className="dropzone__buttons">
        <button type="button" className="button" onClick={() => fileInput.current?.click()}>
          {t('addFiles')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => folderInput.current?.click()}>
          {t('addFolder')}
        </button>
      </div>
      <p className="hint">{t('dropHint')}</p>
      <input ref={fileInput} type="file" multiple hidden aria-label={t('addFiles')} data-testid="qs-files" onChange={(e) => onPick(e.target)} />
      <input
        ref={(el) => {
          folderInput.current = el;
          el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        hidden
        aria-label={t('addFolder')}
        data-testid="qs-folder"
        onChange={(e) => onPick(e.target)}
      />
    </div>
  );
}

/** The picked files and folders (a folder is one entry with its count and size), each removable. */
export function SelectedFileList({ files, onRemove }: { files: SelectedFile[]; onRemove: (entryKey: string) => void }) {
  const { t } = useTranslation('send');
  const entries = listEntries(files);
  if (entries.length === 0) return null;
  return (
    <ul className="file-list" aria-label={t('fileListLabel')}>
      {entries.map((entry) => (
        <li key={entry.key} className="file-list__item">
          <span className="file-list__icon" aria-hidden="true">
            {entry.isFolder ? <FolderIcon /> : <FileIcon />}
          </span>
          <span className="file-list__name">{entry.name}</span>
          <span className="file-list__meta">{entry.isFolder ? t('folderMeta', { count: entry.count, size: formatBytes(entry.size) }) : formatBytes(entry.size)}</span>
          <button type="button" className="icon-button" aria-label={t('remove', { name: entry.name })} onClick={() => onRemove(entry.key)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

interface AddressFieldsProps {
  form: QuickSendFormState;
  dispatch: FormDispatch;
  isSignedIn: boolean;
  contacts: ContactRow[];
  shake: FieldProblem | null;
}

/** Email mode: the recipients, and for an anonymous sender their own address with the account pitch. */
export function AddressFields({ form, dispatch, isSignedIn, contacts, shake }: AddressFieldsProps) {
  const { t } = useTranslation('send');
  const [isPromptShown, setPromptShown] = useState(false);
  if (form.sendAs !== 'email') return null;
  return (
    <>
      <RecipientChips
        id={fieldId('to')}
        chips={form.chips}
        onChange={(chips) => dispatch(fieldChanged('chips', chips))}
        draft={form.recipientDraft}
        onDraftChange={(draft) => dispatch(fieldChanged('recipientDraft', draft))}
        contacts={contacts}
        invalid={shake === 'emailTo'}
      />
      {!isSignedIn ? (
        <div className={`field${invalidClass(shake === 'senderEmail')}`}>
          <label htmlFor={fieldId('from')}>{t('senderEmail')}</label>
          <input id={fieldId('from')} type="email" autoComplete="email" value={form.senderEmail} onFocus={() => setPromptShown(true)} onChange={(e) => dispatch(fieldChanged('senderEmail', e.target.value))} />
          {isPromptShown ? (
            <div className="sender-prompt" role="note">
              <strong>{t('senderPrompt.title')}</strong>
              <span>{t('senderPrompt.message')}</span>
              <a href="/pricing">{t('senderPrompt.action')}</a>
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** The message box with its character count (280 at most). */
export function MessageField({ message, isInvalid, onChange }: { message: string; isInvalid: boolean; onChange: (message: string) => void }) {
  const { t } = useTranslation('send');
  return (
    <div className={`field${invalidClass(isInvalid)}`}>
      <label htmlFor={fieldId('message')}>{t('message')}</label>
      <textarea id={fieldId('message')} rows={3} maxLength={280} value={message} onChange={(e) => onChange(e.target.value)} />
      <span className="hint" aria-live="polite">
        {t('messageCount', { count: message.length })}
      </span>
    </div>
  );
}

export type { FormDispatch };
