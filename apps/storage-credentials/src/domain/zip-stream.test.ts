import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZipStream, zipArchiveSize, type ZipEntrySource } from './zip-stream';

const MiB = 1024 * 1024;
const UTF8_ENV = { ...process.env, LC_ALL: 'C.UTF-8' };

let dir = '';
let archiveCount = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zip-stream-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const modifiedAt = new Date(2026, 2, 14, 9, 26, 53);

function fileEntry(path: string, content: string | Buffer, chunkSize = 7): ZipEntrySource {
  const bytes = Buffer.from(content);
  return {
    path,
    size: bytes.length,
    modifiedAt,
    async open() {
      return (async function* () {
        for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
      })();
    },
  };
}

/** `size` bytes made of `chunk` repeated (never modified, so reusing it is safe), then `tail`. */
function generatedEntry(path: string, size: number, chunk: Buffer, tail = Buffer.alloc(0)): ZipEntrySource {
  return {
    path,
    size,
    modifiedAt,
    async open() {
      return (async function* () {
        let left = size - tail.length;
        for (; left >= chunk.length; left -= chunk.length) yield chunk;
        if (left > 0) yield chunk.subarray(0, left);
        if (tail.length > 0) yield tail;
      })();
    },
  };
}

async function writeArchive(entries: ZipEntrySource[], options?: { forceZip64?: boolean }): Promise<string> {
  const file = join(dir, `archive-${++archiveCount}.zip`);
  await pipeline(createZipStream(entries, options), createWriteStream(file));
  return file;
}

async function archiveBytes(
  entries: Iterable<ZipEntrySource> | AsyncIterable<ZipEntrySource>,
  options?: { forceZip64?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createZipStream(entries, options)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface PythonEntry {
  name: string;
  size: number;
  compressSize: number;
  crc: number;
  method: number;
  flags: number;
  version: number;
  dateTime: number[];
  offset: number;
  content: string | null;
}

const PYTHON_INSPECT = `
import base64, json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps({"bad": z.testzip(), "entries": [{
  "name": i.filename, "size": i.file_size, "compressSize": i.compress_size, "crc": i.CRC,
  "method": i.compress_type, "flags": i.flag_bits, "version": i.extract_version,
  "dateTime": list(i.date_time), "offset": i.header_offset,
  "content": base64.b64encode(z.read(i)).decode() if i.file_size <= 1048576 else None,
} for i in z.infolist()]}))
`;

function pythonInspect(file: string): { bad: string | null; entries: PythonEntry[] } {
  const out = execFileSync('python3', ['-c', PYTHON_INSPECT, file], { encoding: 'utf8', maxBuffer: 256 * MiB });
  return JSON.parse(out) as { bad: string | null; entries: PythonEntry[] };
}

function unzipTest(file: string): string {
  const result = spawnSync('unzip', ['-t', file], { encoding: 'utf8', env: UTF8_ENV, maxBuffer: 64 * MiB });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

function unzipRead(file: string, name: string): Buffer {
  return execFileSync('unzip', ['-p', file, name], { env: UTF8_ENV, maxBuffer: 64 * MiB });
}

function dosDateTime(date: Date): number[] {
  return [date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds() & ~1];
}

/** Pulls exact byte counts out of a chunked stream, so an archive can be checked without storing it. */
class ByteReader {
  position = 0;
  private buffered: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(stream: Readable) {
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  private async fill(): Promise<void> {
    const next = await this.chunks.next();
    if (next.done) throw new Error(`archive ended early at byte ${this.position + this.buffered.length}`);
    this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
  }

  async read(length: number): Promise<Buffer> {
    while (this.buffered.length < length) await this.fill();
    const out = Buffer.from(this.buffered.subarray(0, length));
    this.buffered = this.buffered.subarray(length);
    this.position += length;
    return out;
  }

  async skip(length: number, onData: (bytes: Buffer) => void): Promise<void> {
    for (let left = length; left > 0; ) {
      if (this.buffered.length === 0) await this.fill();
      const part = this.buffered.subarray(0, left);
      onData(part);
      this.buffered = this.buffered.subarray(part.length);
      this.position += part.length;
      left -= part.length;
    }
  }

  async rest(): Promise<Buffer> {
    const parts: Buffer[] = [this.buffered];
    for (let next = await this.chunks.next(); !next.done; next = await this.chunks.next()) parts.push(next.value);
    const out = Buffer.concat(parts);
    this.position += out.length;
    return out;
  }
}

/**
 * Walks a streamed non-ZIP64 archive record by record, computing each entry's CRC from the bytes
 * that actually went by, and cross-checks data descriptors, central directory and end record.
 */
async function verifyStreamedArchive(stream: Readable, expected: { name: string; size: number; crc: number }[]): Promise<number> {
  const reader = new ByteReader(stream);
  const offsets: number[] = [];
  for (const entry of expected) {
    offsets.push(reader.position);
    const header = await reader.read(30);
    expect(header.readUInt32LE(0)).toBe(0x04034b50);
    expect(header.readUInt16LE(6)).toBe(0x0808);
    expect(header.readUInt16LE(8)).toBe(0);
    expect((await reader.read(header.readUInt16LE(26))).toString('utf8')).toBe(entry.name);
    expect(header.readUInt16LE(28)).toBe(0);
    let crc = 0;
    await reader.skip(entry.size, (bytes) => {
      crc = crc32(bytes, crc);
    });
    expect(crc).toBe(entry.crc);
    const descriptor = await reader.read(16);
    expect(descriptor.readUInt32LE(0)).toBe(0x08074b50);
    expect(descriptor.readUInt32LE(4)).toBe(crc);
    expect(descriptor.readUInt32LE(8)).toBe(entry.size);
    expect(descriptor.readUInt32LE(12)).toBe(entry.size);
  }
  const centralOffset = reader.position;
  const tail = await reader.rest();
  const end = tail.subarray(tail.length - 22);
  expect(end.readUInt32LE(0)).toBe(0x06054b50);
  expect(end.readUInt16LE(10)).toBe(expected.length);
  expect(end.readUInt32LE(12)).toBe(tail.length - 22);
  expect(end.readUInt32LE(16)).toBe(centralOffset);
  let at = 0;
  expected.forEach((entry, i) => {
    expect(tail.readUInt32LE(at)).toBe(0x02014b50);
    expect(tail.readUInt32LE(at + 16)).toBe(entry.crc);
    expect(tail.readUInt32LE(at + 24)).toBe(entry.size);
    expect(tail.readUInt32LE(at + 42)).toBe(offsets[i]);
    const nameLength = tail.readUInt16LE(at + 28);
    expect(tail.subarray(at + 46, at + 46 + nameLength).toString('utf8')).toBe(entry.name);
    at += 46 + nameLength + tail.readUInt16LE(at + 30);
  });
  expect(at).toBe(tail.length - 22);
  return reader.position;
}

describe('streamed ZIP writer', () => {
  const allBytes = Buffer.from(Array.from({ length: 256 * 3 }, (_, i) => i % 256));
  const smallFiles = (): ZipEntrySource[] => [
    fileEntry('photos/2026/a.txt', 'hello from a'),
    fileEntry('photos/2026/照片-北京.txt', '你好，世界'),
    fileEntry('报告/季度/总结.bin', allBytes, 100),
    fileEntry('readme.md', '# Ferry\n'.repeat(1000), 4096),
  ];

  it('when several small files in folders are zipped, then unzip and Python read the same bytes under the same paths', async () => {
    const entries = smallFiles();
    const file = await writeArchive(entries);

    expect(unzipTest(file)).toContain('No errors detected');
    const contents = [Buffer.from('hello from a'), Buffer.from('你好，世界'), allBytes, Buffer.from('# Ferry\n'.repeat(1000))];
    entries.forEach((entry, i) => expect(unzipRead(file, entry.path).equals(contents[i] ?? Buffer.alloc(1))).toBe(true));

    const python = pythonInspect(file);
    expect(python.bad).toBeNull();
    expect(python.entries.map((e) => e.name)).toEqual(entries.map((e) => e.path));
    python.entries.forEach((e, i) => {
      const content = contents[i] ?? Buffer.alloc(1);
      expect(Buffer.from(e.content ?? '', 'base64').equals(content)).toBe(true);
      expect(e.crc).toBe(crc32(content));
      expect(e).toMatchObject({ size: content.length, compressSize: content.length, method: 0, version: 20 });
      expect(e.flags & 0x0808).toBe(0x0808);
      expect(e.dateTime).toEqual(dosDateTime(modifiedAt));
    });
    expect(statSync(file).size).toBe(zipArchiveSize(entries));
  });

  it('when a file is empty, then it is stored with size 0 and CRC 0 next to the others', async () => {
    const entries = [fileEntry('empty.txt', ''), fileEntry('docs/full.txt', 'not empty')];
    const file = await writeArchive(entries);

    expect(unzipTest(file)).toContain('No errors detected');
    expect(unzipRead(file, 'empty.txt').length).toBe(0);
    const python = pythonInspect(file);
    expect(python.bad).toBeNull();
    expect(python.entries[0]).toMatchObject({ name: 'empty.txt', size: 0, crc: 0, content: '' });
    expect(Buffer.from(python.entries[1]?.content ?? '', 'base64').toString()).toBe('not empty');
  });

  it('when forceZip64 is set on small files, then every record is ZIP64 and both readers accept the archive', async () => {
    const entries = [...smallFiles(), fileEntry('empty.txt', '')];
    const file = await writeArchive(entries, { forceZip64: true });
    const bytes = readFileSync(file);

    expect(unzipTest(file)).toContain('No errors detected');
    expect(unzipRead(file, 'photos/2026/照片-北京.txt').toString()).toBe('你好，世界');
    const python = pythonInspect(file);
    expect(python.bad).toBeNull();
    expect(python.entries.map((e) => e.name)).toEqual(entries.map((e) => e.path));
    for (const e of python.entries) expect(e.version).toBe(45);
    expect(Buffer.from(python.entries[2]?.content ?? '', 'base64').equals(allBytes)).toBe(true);

    const end = bytes.subarray(bytes.length - 22);
    expect(end.readUInt16LE(10)).toBe(0xffff);
    expect(end.readUInt32LE(12)).toBe(0xffffffff);
    expect(end.readUInt32LE(16)).toBe(0xffffffff);
    const locator = bytes.subarray(bytes.length - 42, bytes.length - 22);
    expect(locator.readUInt32LE(0)).toBe(0x07064b50);
    const zip64End = bytes.subarray(Number(locator.readBigUInt64LE(8)));
    expect(zip64End.readUInt32LE(0)).toBe(0x06064b50);
    expect(zip64End.readBigUInt64LE(32)).toBe(BigInt(entries.length));
    const firstHeader = bytes.subarray(0, 30);
    expect(firstHeader.readUInt16LE(4)).toBe(45);
    expect(firstHeader.readUInt32LE(22)).toBe(0xffffffff);
    expect(bytes.readUInt16LE(30 + firstHeader.readUInt16LE(26))).toBe(0x0001);
    expect(bytes.length).toBe(zipArchiveSize(entries, { forceZip64: true }));
  });

  it('when paths are unsafe, mixed-slash or duplicated, then they are sanitized and numbered before the extension', async () => {
    const paths = [
      '/etc/passwd',
      'C:\\Users\\me\\..\\report.pdf',
      './a/./b/../c.txt',
      '../../..',
      'a/b/c.txt',
      'A/B/C.TXT',
      'Users/me/report.pdf',
      '.env',
      '.env',
      'v1.2/README',
      'v1.2/README',
      'cafe\u0301.txt',
      'café.txt',
    ];
    const entries = paths.map((path) => fileEntry(path, `content of ${path}`));
    const file = await writeArchive(entries);

    expect(unzipTest(file)).toContain('No errors detected');
    const python = pythonInspect(file);
    expect(python.bad).toBeNull();
    expect(python.entries.map((e) => e.name)).toEqual([
      'etc/passwd',
      'Users/me/report.pdf',
      'a/b/c.txt',
      'file',
      'a/b/c (2).txt',
      'A/B/C (3).TXT',
      'Users/me/report (2).pdf',
      '.env',
      '.env (2)',
      'v1.2/README',
      'v1.2/README (2)',
      'café.txt',
      'café (2).txt',
    ]);
    expect(Buffer.from(python.entries[4]?.content ?? '', 'base64').toString()).toBe('content of a/b/c.txt');
    expect(statSync(file).size).toBe(zipArchiveSize(entries));
  });

  it('when zipArchiveSize is asked about any mix of entries and options, then it equals the streamed byte count', async () => {
    const cases: { entries: ZipEntrySource[]; forceZip64?: boolean }[] = [
      { entries: [] },
      { entries: [], forceZip64: true },
      { entries: smallFiles() },
      { entries: smallFiles(), forceZip64: true },
      { entries: [fileEntry('dup.txt', 'a'), fileEntry('/dup.txt', 'bb'), fileEntry('目录/文件.txt', '')] },
      { entries: [generatedEntry('one-mib.bin', MiB + 3, Buffer.alloc(64 * 1024, 1))], forceZip64: true },
    ];
    for (const { entries, forceZip64 } of cases) {
      const bytes = await archiveBytes(entries, { forceZip64 });
      expect(bytes.length).toBe(zipArchiveSize(entries, { forceZip64 }));
    }
  });

  it('when there are more than 65535 entries, then a ZIP64 end record carries the count and both readers list them all', async () => {
    const count = 70_000;
    const entries = Array.from({ length: count }, (_, i) => fileEntry(`many/${i % 7}/f${i}.txt`, i % 1000 === 0 ? `#${i}` : ''));
    const file = await writeArchive(entries);

    expect(statSync(file).size).toBe(zipArchiveSize(entries));
    expect(unzipTest(file)).toContain('No errors detected');
    expect(unzipRead(file, 'many/1/f69000.txt').toString()).toBe('#69000');
    const listed = execFileSync('python3', ['-c', 'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(z.testzip(), len(z.namelist()))', file], {
      encoding: 'utf8',
    });
    expect(listed.trim()).toBe(`None ${count}`);
  }, 60_000);

  it('when a source yields fewer bytes than its declared size, then the stream errors instead of finishing the archive', async () => {
    const short: ZipEntrySource = { ...fileEntry('short.bin', 'abc'), size: 10 };
    await expect(archiveBytes([fileEntry('ok.txt', 'fine'), short])).rejects.toThrow(/short\.bin.*yielded 3 bytes.*10/);
  });

  it('when a source yields more bytes than its declared size, then the stream errors before writing the excess', async () => {
    const long: ZipEntrySource = { ...fileEntry('long.bin', 'abcdefghij', 4), size: 5 };
    let written = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        done();
      },
    });
    await expect(pipeline(createZipStream([long]), sink)).rejects.toThrow(/long\.bin.*more than its declared 5 bytes/);
    expect(written).toBeLessThanOrEqual(30 + 'long.bin'.length + 4);
  });

  it('when entries come from an async iterable, then each source is opened only after the previous one is fully written', async () => {
    const events: string[] = [];
    async function* entries(): AsyncGenerator<ZipEntrySource> {
      for (const name of ['one', 'two', 'three']) {
        events.push(`next ${name}`);
        yield {
          path: `${name}.txt`,
          size: 2,
          modifiedAt,
          async open() {
            events.push(`open ${name}`);
            return (async function* () {
              yield Buffer.from('x');
              yield Buffer.from('y');
              events.push(`done ${name}`);
            })();
          },
        };
      }
    }
    const bytes = await archiveBytes(entries());
    expect(events).toEqual(['next one', 'open one', 'done one', 'next two', 'open two', 'done two', 'next three', 'open three', 'done three']);
    expect(bytes.length).toBe(zipArchiveSize(['one', 'two', 'three'].map((n) => ({ path: `${n}.txt`, size: 2 }))));
  });

  it('when the consumer stops reading, then the writer stops pulling from the source', async () => {
    let pulled = 0;
    const chunk = Buffer.alloc(64 * 1024);
    const entry: ZipEntrySource = {
      path: 'big.bin',
      size: 1024 * chunk.length,
      modifiedAt,
      async open() {
        return (async function* () {
          for (let i = 0; i < 1024; i++) {
            pulled++;
            yield chunk;
          }
        })();
      },
    };
    const stuck = new Writable({ highWaterMark: 64 * 1024, write: () => undefined });
    const stream = createZipStream([entry]);
    stream.pipe(stuck);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThanOrEqual(4);
    stream.destroy();
  });

  it('when a 1 GiB archive is streamed to a sink, then memory stays flat and every record checks out against our own CRCs', async () => {
    const chunks = [1, 2, 3, 4].map((n) => {
      const chunk = Buffer.alloc(MiB);
      for (let i = 0; i < chunk.length; i++) chunk[i] = (i * n + n) & 0xff;
      return chunk;
    });
    const size = 256 * MiB;
    const expected = chunks.map((chunk, i) => {
      let crc = 0;
      for (let n = 0; n < size / MiB; n++) crc = crc32(chunk, crc);
      return { name: `gen/part-${i}.bin`, size, crc };
    });
    const entries = expected.map((e, i) => generatedEntry(e.name, e.size, chunks[i] ?? Buffer.alloc(0)));

    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    try {
      const total = await verifyStreamedArchive(createZipStream(entries), expected);
      expect(total).toBe(zipArchiveSize(entries));
      expect(total).toBeGreaterThan(1024 * MiB);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    const growthMiB = (peak - before) / MiB;
    console.info(`zip-stream: RSS growth while streaming 1 GiB: ${growthMiB.toFixed(1)} MiB`);
    expect(growthMiB).toBeLessThan(64);
  }, 60_000);

  const freeBytes = (() => {
    const stats = statfsSync(tmpdir());
    return stats.bavail * stats.bsize;
  })();

  it.skipIf(freeBytes < 10 * 1024 ** 3)(
    'when an entry is over 4 GiB, then it and the entry after it use ZIP64 and Python reads the archive (needs 10 GB free disk)',
    async () => {
      const bigSize = 0x100000000 + 10;
      const entries = [
        generatedEntry('big/zeros.bin', bigSize, Buffer.alloc(MiB), Buffer.from('0123456789')),
        fileEntry('after/超过4GiB.txt', 'written after 4 GiB'),
      ];
      const file = await writeArchive(entries);
      try {
        expect(statSync(file).size).toBe(zipArchiveSize(entries));
        const python = pythonInspect(file);
        expect(python.bad).toBeNull();
        expect(python.entries[0]).toMatchObject({ name: 'big/zeros.bin', size: bigSize, compressSize: bigSize, version: 45, offset: 0 });
        expect(python.entries[1]).toMatchObject({ name: 'after/超过4GiB.txt', version: 45 });
        expect(python.entries[1]?.offset).toBeGreaterThan(bigSize);
        expect(Buffer.from(python.entries[1]?.content ?? '', 'base64').toString()).toBe('written after 4 GiB');
        expect(unzipTest(file)).toContain('No errors detected');
        expect(unzipRead(file, 'after/超过4GiB.txt').toString()).toBe('written after 4 GiB');
      } finally {
        rmSync(file, { force: true });
      }
    },
    120_000,
  );
});
