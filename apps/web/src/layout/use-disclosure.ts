import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/close state for a menu or panel: closes on Escape (focus returns to the trigger), on a
 * click outside, when focus leaves it, and when the page changes.
 */
export function useDisclosure() {
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { key } = useLocation();
  const [shownAt, setShownAt] = useState(key);

  if (shownAt !== key) {
    setShownAt(key);
    if (isOpen) setOpen(false);
  }

  useEffect(() => {
    if (!isOpen) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const toggle = useCallback(() => setOpen((open) => !open), []);
  const close = useCallback(() => setOpen(false), []);
  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) setOpen(false);
  }, []);

  return { isOpen, toggle, close, rootRef, triggerRef, onBlur };
}
