import type { TextOutput } from '../cli-deps';
import { formatDuration, formatRate } from './format-units';

export interface ProgressLine {
  /** Shows the current state: rewrites the one live line on a terminal, prints a plain line otherwise (both throttled unless forced). */
  update(text: string, options?: { force?: boolean }): void;
  /** A line that stays (a warning, "resuming at …"), printed above the live line. */
  note(text: string): void;
  /** Shows the last state and leaves the live line. */
  end(): void;
}

export interface ProgressLineOptions {
  now?: () => number;
  /** Least time between two redraws; defaults to 100 ms on a terminal and 2 s in a log. */
  intervalMs?: number;
}

const CLEAR_TO_END = '\u001b[K';

export function createProgressLine(out: TextOutput, options: ProgressLineOptions = {}): ProgressLine {
  const isTerminal = out.isTTY === true;
  const now = options.now ?? (() => Date.now());
  const intervalMs = options.intervalMs ?? (isTerminal ? 100 : 2_000);
  let shown: string | undefined;
  let pending: string | undefined;
  let shownAt = Number.NEGATIVE_INFINITY;
  let isLive = false;

  // A line wider than the terminal wraps, and \r then only rewinds its last row.
  const fit = (text: string) => {
    const width = (out.columns ?? 0) - 1;
    return width > 10 && text.length > width ? `${text.slice(0, width - 1)}…` : text;
  };
  const draw = (text: string) => {
    if (isTerminal) {
      out.write(`\r${fit(text)}${CLEAR_TO_END}`);
      isLive = true;
    } else {
      out.write(`${text}\n`);
    }
    shown = text;
    pending = undefined;
    shownAt = now();
  };

  return {
    update(text, update = {}) {
      if (text === shown) {
        pending = undefined;
        return;
      }
      if (!update.force && now() - shownAt < intervalMs) {
        pending = text;
        return;
      }
      draw(text);
    },
    note(text) {
      if (isTerminal && isLive) {
        out.write(`\r${CLEAR_TO_END}${text}\n`);
        out.write(`\r${fit(pending ?? shown ?? '')}${CLEAR_TO_END}`);
      } else {
        out.write(`${text}\n`);
      }
    },
    end() {
      if (pending !== undefined) draw(pending);
      if (isTerminal && isLive) out.write('\n');
      isLive = false;
    },
  };
}

/** `42.5%  18.2 MB/s  0:12 left  2 of 3  Transferring...  photos/big.mov`, skipping what is unknown. */
export function progressText(state: {
  percent: number;
  bytesPerSecond: number;
  secondsLeft: number | null;
  counter?: string;
  status?: string;
  label?: string;
}): string {
  return [
    `${state.percent.toFixed(1).padStart(5)}%`,
    formatRate(state.bytesPerSecond).padStart(11),
    `${formatDuration(state.secondsLeft)} left`,
    state.counter,
    state.status,
    state.label,
  ]
    .filter((part): part is string => part !== undefined && part !== '')
    .join('  ');
}
