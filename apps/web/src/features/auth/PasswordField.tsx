import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete: 'current-password' | 'new-password';
  /** Shown under the field and tied to it with aria-describedby. */
  error?: string | null;
  hint?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  name?: string;
}

/** A password input with the show/hide toggle of the signup screens. */
export function PasswordField({ label, value, onChange, onBlur, autoComplete, error, hint, inputRef, autoFocus, name }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [isVisible, setVisible] = useState(false);
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="password-field">
        <input
          id={id}
          ref={inputRef}
          name={name}
          type={isVisible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-label={isVisible ? t('password.hideLabel') : t('password.showLabel')}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {isVisible ? t('password.hide') : t('password.show')}
        </button>
      </div>
      {note ? (
        <span id={noteId} className={error ? 'error-text' : 'hint'} role={error ? 'alert' : undefined}>
          {note}
        </span>
      ) : null}
    </div>
  );
}
