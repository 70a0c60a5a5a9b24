import { createInterface } from 'node:readline/promises';

/** Asks on the terminal (stdin must be a TTY); a hidden answer is read in raw mode and never echoed. */
export async function promptOnTerminal(question: string, options: { hidden: boolean }): Promise<string> {
  if (!options.hidden) {
    const lines = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    try {
      return await lines.question(question);
    } finally {
      lines.close();
    }
  }
  const input = process.stdin;
  process.stderr.write(question);
  return new Promise<string>((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(Object.assign(new Error('Cancelled'), { name: 'AbortError' }));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}
