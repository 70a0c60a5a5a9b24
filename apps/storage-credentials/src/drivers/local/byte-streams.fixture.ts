/** Byte streams for the local store's tests: one chunk in, everything out. */
export async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

export async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
