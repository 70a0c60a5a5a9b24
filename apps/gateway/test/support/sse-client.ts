/** A server-sent-events client for tests: what arrived so far, as text and as parsed events. */
export interface SseClient {
  status: number;
  contentType: string | null;
  /** Everything received so far. */
  text(): string;
  /** The `event:`/`data:` blocks received so far. */
  events(): Array<{ event: string; id?: string; data: string }>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  let buffer = '';
  const decoder = new TextDecoder();
  const body = res.body;
  const ended = (async () => {
    if (!body) return;
    try {
      for await (const chunk of body) buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    text: () => buffer,
    events: () =>
      buffer
        .split('\n\n')
        .map((block) => Object.fromEntries(block.split('\n').filter((line) => /^(event|id|data): /.test(line)).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(': ') + 2)])))
        .filter((fields): fields is { event: string; id?: string; data: string } => typeof fields['event'] === 'string'),
    ended,
    close: () => controller.abort(),
  };
}
