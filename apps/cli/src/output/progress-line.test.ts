import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatRate } from './format-units';
import { createProgressLine, progressText } from './progress-line';

function sink(isTTY: boolean) {
  const out = { text: '', isTTY, columns: 200, write: (chunk: string) => void (out.text += chunk) };
  return out;
}

describe('progress line', () => {
  it('when stderr is a terminal, then one line is rewritten in place and ended with a newline', () => {
    const out = sink(true);
    let now = 0;
    const line = createProgressLine(out, { now: () => now });
    line.update('10%');
    now += 500;
    line.update('20%');
    line.end();
    expect(out.text).toBe('\r10%\u001b[K\r20%\u001b[K\n');
  });

  it('when stderr is not a terminal, then it prints plain lines, throttled unless forced, and the last state at the end', () => {
    const out = sink(false);
    let now = 0;
    const line = createProgressLine(out, { now: () => now, intervalMs: 1000 });
    line.update('1%');
    now += 10;
    line.update('2%');
    line.update('Resuming Upload...', { force: true });
    now += 10;
    line.update('3%');
    line.end();
    expect(out.text).toBe('1%\nResuming Upload...\n3%\n');
  });

  it('when a note comes while a live line is shown, then the note stays above and the live line is drawn again', () => {
    const out = sink(true);
    const line = createProgressLine(out, { now: () => 0 });
    line.update('50%');
    line.note('warning: try 2');
    expect(out.text).toBe('\r50%\u001b[K\r\u001b[Kwarning: try 2\n\r50%\u001b[K');
  });

  it('when progress is described, then it reads percent, speed, time left, n of m, status and name', () => {
    expect(progressText({ percent: 42.5, bytesPerSecond: 18.2 * 1024 * 1024, secondsLeft: 75, counter: '2 of 3', status: 'Transferring...', label: 'a/b.bin' })).toBe(
      ' 42.5%    18.2 MB/s  1:15 left  2 of 3  Transferring...  a/b.bin',
    );
  });
});

describe('units', () => {
  it('when sizes and times are shown, then MB is 1024 KB and unknown time is --:--', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(60 * 1024 * 1024)).toBe('60.0 MB');
    expect(formatRate(1536)).toBe('1.5 KB/s');
    expect(formatDuration(null)).toBe('--:--');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
