import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addRecipients, isValidEmail, type ContactLike, type RecipientChip } from './recipients';

interface RecipientChipsProps {
  chips: RecipientChip[];
  onChange: (chips: RecipientChip[]) => void;
  /** What is typed but not yet a chip (the form counts a valid one). */
  draft: string;
  onDraftChange: (text: string) => void;
  contacts?: ContactLike[];
  invalid?: boolean;
  id: string;
}

/**
 * Recipients as chips: Enter, comma or leaving the box adds what was typed; a pasted list
 * separated by semicolons adds each valid address; duplicates are ignored case-insensitively;
 * a contact with the same address brings name and company.
 */
export function RecipientChips({ chips, onChange, draft, onDraftChange, contacts = [], invalid, id }: RecipientChipsProps) {
  const { t } = useTranslation('send');
  const [badText, setBadText] = useState(false);

  function commit(text: string) {
    if (text.trim() === '') return;
    const result = addRecipients(chips, text, contacts);
    onChange(result.chips);
    onDraftChange(result.invalid.join(', '));
    setBadText(result.invalid.length > 0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && chips.length > 0) {
      onChange(chips.slice(0, -1));
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    if (!/[;,\s]/.test(text.trim())) return;
    event.preventDefault();
    commit(`${draft} ${text}`);
  }

  const showInvalid = invalid || badText || (draft.trim() !== '' && !isValidEmail(draft) && badText);
  return (
    <div className={`field recipients${showInvalid ? ' field--invalid shake' : ''}`}>
      <label htmlFor={id}>{showInvalid ? t('recipients.invalid') : t('recipients.hint')}</label>
      <div className="chips">
        <ul className="chips__list" aria-label={t('recipients.listLabel')}>
          {chips.map((chip) => (
            <li key={chip.email} className="chip" title={[chip.name, chip.company].filter(Boolean).join(' · ') || undefined}>
              <span>{chip.name ? `${chip.name} <${chip.email}>` : chip.email}</span>
              <button type="button" className="chip__remove" aria-label={t('recipients.remove', { email: chip.email })} onClick={() => onChange(chips.filter((c) => c.email !== chip.email))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          type="email"
          multiple
          autoComplete="email"
          className="chips__input"
          value={draft}
          aria-invalid={showInvalid || undefined}
          onChange={(e) => {
            setBadText(false);
            const value = e.target.value;
            if (/[,;]$/.test(value)) commit(value.slice(0, -1));
            else onDraftChange(value);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => commit(draft)}
        />
      </div>
    </div>
  );
}
