import { useEffect, useId, useRef, useState } from 'react';

/**
 * The state of a row action that asks first: `open` shows the question, `cancel` hides it and puts
 * the focus back on the action (`actionRef`), so a keyboard user is where they were.
 */
export function useInlineConfirm() {
  const [isConfirming, setConfirming] = useState(false);
  const actionRef = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => actionRef.current?.focus());
  };
  return { isConfirming, open: () => setConfirming(true), cancel, actionRef };
}

export interface InlineConfirmProps {
  /** The block's class; its parts are `{className}__title` and `{className}__buttons`. */
  className: string;
  title: string;
  explain: string;
  yes: string;
  no: string;
  isBusy: boolean;
  onYes: () => void;
  onCancel: () => void;
}

/** A question under a row (role alertdialog): the destructive Yes first, No focused so Enter is safe; Escape cancels. */
export function InlineConfirm({ className, title, explain, yes, no, isBusy, onYes, onCancel }: InlineConfirmProps) {
  const titleId = useId();
  const noRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    noRef.current?.focus();
  }, []);
  return (
    <div className={className} role="alertdialog" aria-labelledby={titleId} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <p id={titleId} className={`${className}__title`}>
        {title}
      </p>
      <p className="hint">{explain}</p>
      <div className={`${className}__buttons`}>
        <button type="button" className="button button--danger" disabled={isBusy} onClick={onYes}>
          {yes}
        </button>
        <button ref={noRef} type="button" className="button button--ghost" onClick={onCancel}>
          {no}
        </button>
      </div>
    </div>
  );
}
