import { useEffect, useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  title: string;
  message?: string;
  kind: 'info' | 'error' | 'success';
  /** How long it stays (PRODUCT.md: errors 8 s, limit info 15.5 s, retry warnings 8.5 s, feedback 7.5 s). */
  ms: number;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(toast: Omit<Toast, 'id' | 'ms' | 'kind'> & Partial<Pick<Toast, 'ms' | 'kind'>>): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind: 'info', ms: 8_000, ...toast }];
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.ms);
    return () => clearTimeout(timer);
  }, [toast.id, toast.ms]);
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <strong>{toast.title}</strong>
      {toast.message ? <span>{toast.message}</span> : null}
    </div>
  );
}

const NO_TOASTS: readonly Toast[] = [];

/** Where toasts appear; mounted once by the layout (none in prerendered HTML). */
export function ToastRegion() {
  const list = useSyncExternalStore(subscribe, () => toasts, () => NO_TOASTS);
  return (
    <div className="toast-region" aria-live="polite">
      {list.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
