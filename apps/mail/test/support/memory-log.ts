import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

export interface MemoryLog {
  log: Logger;
  lines: Array<Record<string, unknown>>;
  /** Everything logged, without the fields every line carries (time, pid, hostname). */
  text(): string;
}

/** A real pino logger that keeps its lines, so a test can assert on what was (not) logged. */
export function createMemoryLog(): MemoryLog {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  return {
    log: pino({ level: 'debug' }, stream),
    lines,
    text: () => lines.map(({ time: _time, pid: _pid, hostname: _hostname, ...rest }) => JSON.stringify(rest)).join('\n'),
  };
}
