import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

export const CODE_LENGTH = 5;

interface CodeInputProps {
  value: string;
  onChange: (code: string) => void;
  /** Called once all 5 digits are in (typed or pasted): the code auto-submits (PRODUCT.md section 4). */
  onComplete?: (code: string) => void;
  /** Accessible name of the group, e.g. "Verification code". */
  label: string;
  /** Accessible name of each box, given its 1-based position, e.g. "Digit 1". */
  digitLabel: (position: number) => string;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
}

/**
 * The 5-digit verification code: one box per digit, non-digits cleared, focus moves on, Backspace
 * goes back, and pasting a 5-digit code fills every box.
 */
export function CodeInput({ value, onChange, onComplete, label, digitLabel, disabled, invalid, autoFocus }: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: CODE_LENGTH }, (_, i) => value[i] ?? '');

  function update(next: string) {
    const clean = next.replace(/\D/g, '').slice(0, CODE_LENGTH);
    onChange(clean);
    if (clean.length === CODE_LENGTH) onComplete?.(clean);
  }

  function setDigit(index: number, raw: string) {
    const digit = raw.replace(/\D/g, '').slice(-1);
    const next = digits.slice();
    next[index] = digit;
    const joined = next.join('');
    // Only a contiguous prefix counts: a gap would let a 4-digit code look complete.
    update(joined.length === next.filter(Boolean).length ? joined : next.map((d) => d || ' ').join('').trimEnd().replace(/ /g, ''));
    if (digit && index < CODE_LENGTH - 1) boxes.current[index + 1]?.focus();
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      boxes.current[index - 1]?.focus();
      update(value.slice(0, index - 1));
      event.preventDefault();
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!pasted) return;
    event.preventDefault();
    update(pasted);
    boxes.current[Math.min(pasted.length, CODE_LENGTH - 1)]?.focus();
  }

  return (
    <div className={`code-input${invalid ? ' code-input--invalid shake' : ''}`} role="group" aria-label={label}>
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          className="code-input__box"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          aria-label={digitLabel(index + 1)}
          aria-invalid={invalid || undefined}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          onChange={(e) => setDigit(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={onPaste}
        />
      ))}
    </div>
  );
}
