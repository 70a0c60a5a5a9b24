import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { MessageHeaders } from './bus.types';

/** Names the payload fields that are sealed; written by `writeEvent`, read by the transport. */
export const SEALED_FIELDS_HEADER = 'Ferry-Sealed-Fields';
const PREFIX = 'sealed:v1:';

export interface EventSealer {
  seal(payload: unknown, headers: MessageHeaders): unknown;
  open(payload: unknown, headers: MessageHeaders): unknown;
}

export function sealedFieldsOf(headers: MessageHeaders): string[] {
  const value = headers[SEALED_FIELDS_HEADER];
  return value ? value.split(',').filter(Boolean) : [];
}

function sealingKey(secret: string, name: string): Buffer {
  if (secret.length < 32) throw new Error(`${name} must be at least 32 characters`);
  return Buffer.from(hkdfSync('sha256', secret, 'ferry', 'event-sealing-v1', 32));
}

function openWith(key: Buffer, field: string, raw: Buffer): string | null {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(field));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface EventSealerOptions {
  /**
   * EVENT_SEAL_KEY_PREVIOUS, during a rotation: events sealed with it (still in the stream, the
   * dead-letter queue or a relay not yet switched) are opened, never sealed with. Dropped, they are refused.
   */
  previous?: string;
}

/**
 * AES-256-GCM for the secret fields of events (codes, tokens), keyed from EVENT_SEAL_KEY,
 * so a stream, a dead-letter queue or a broker backup never holds them in clear. Fields are
 * sealed with the current key and opened with it or the previous one (the GCM tag tells which).
 */
export function createEventSealer(secret: string, options: EventSealerOptions = {}): EventSealer {
  const key = sealingKey(secret, 'EVENT_SEAL_KEY');
  const keys = options.previous ? [key, sealingKey(options.previous, 'EVENT_SEAL_KEY_PREVIOUS')] : [key];
  return {
    seal(payload, headers) {
      const fields = sealedFieldsOf(headers);
      if (fields.length === 0 || !payload || typeof payload !== 'object') return payload;
      const out: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
      for (const field of fields) {
        const value = out[field];
        if (typeof value !== 'string' || value.startsWith(PREFIX)) continue;
        const iv = randomBytes(12);
        const cipher = createCipheriv('aes-256-gcm', key, iv);
        cipher.setAAD(Buffer.from(field));
        const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
        out[field] = `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
      }
      return out;
    },
    open(payload, headers) {
      const fields = sealedFieldsOf(headers);
      if (fields.length === 0 || !payload || typeof payload !== 'object') return payload;
      const out: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
      for (const field of fields) {
        const value = out[field];
        if (typeof value !== 'string' || !value.startsWith(PREFIX)) continue;
        const raw = Buffer.from(value.slice(PREFIX.length), 'base64url');
        const opened = keys.map((k) => openWith(k, field, raw)).find((clear) => clear !== null);
        if (opened === undefined || opened === null) throw new Error(`the sealed field ${field} opens with neither EVENT_SEAL_KEY nor EVENT_SEAL_KEY_PREVIOUS`);
        out[field] = opened;
      }
      return out;
    },
  };
}
