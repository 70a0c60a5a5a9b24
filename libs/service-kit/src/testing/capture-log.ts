import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { traceFields } from '../logger';

export interface CapturedLog {
  log: Logger;
  /** Every line written so far, parsed. */
  lines: Array<Record<string, unknown>>;
  /** Everything written so far, raw. */
  text(): string;
}

/** A pino logger that keeps its lines in memory, for asserting what was (not) logged. */
export function captureLog(level = 'debug'): CapturedLog {
  const raw: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const text = chunk.toString('utf8');
      raw.push(text);
      for (const line of text.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { log: pino({ level, mixin: traceFields }, stream), lines, text: () => raw.join('') };
}
