import type { TUploadGrant } from '@ferry/contracts';
import type { SendAs } from './quick-send-rules';

/** A transfer whose upload started: kept so a reload (or a cancel) can resume it within 7 days. */
export interface PendingSend {
  transferId: string;
  slug: string;
  url: string;
  sendAs: SendAs;
  recipients: string[];
  createdAt: number;
  files: { key: string; name: string; size: number; folder?: string; kind: 'file' | 'voiceMemo' | 'recordedVideo'; grant: TUploadGrant }[];
}

const KEY = 'ferry.pendingSend';
export const RESUME_WINDOW_MS = 7 * 24 * 3600 * 1000;

export function loadPendingSend(now = Date.now()): PendingSend | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as PendingSend;
    if (now - pending.createdAt > RESUME_WINDOW_MS) {
      localStorage.removeItem(KEY);
      return null;
    }
    return pending;
  } catch {
    return null;
  }
}

export function savePendingSend(pending: PendingSend): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // storage full or private mode: the upload still runs, it just cannot resume after a reload
  }
}

export function clearPendingSend(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
