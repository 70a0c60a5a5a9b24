import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** One file to put in a streamed ZIP archive. */
export interface ZipEntrySource {
  /** Path inside the archive, folders kept ("photos/2026/a.jpg"); UTF-8 (set general-purpose bit 11). */
  path: string;
  /** Exact byte length, known up front (from storage metadata). */
  size: number;
  modifiedAt: Date;
  /**
   * Opens the entry's bytes; called only when the writer reaches this entry (one at a time).
   * Chunks are passed on without copying, so a source must not modify a chunk after yielding it.
   */
  open(): Promise<AsyncIterable<Uint8Array>>;
}

/** Options shared by {@link createZipStream} and {@link zipArchiveSize}. */
export interface ZipOptions {
  /** Use ZIP64 records for every entry and the end of the archive, even when nothing needs them. */
  forceZip64?: boolean;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const FLAGS = 0x0808; // bit 3: CRC and sizes follow the data; bit 11: UTF-8 names
const VERSION_ZIP64 = 45;
const VERSION_DEFAULT = 20;
const MADE_BY = (3 << 8) | VERSION_ZIP64; // Unix, so extractors apply the file mode below
const FILE_MODE = 0o100644;

const LOCAL_HEADER = 30;
const LOCAL_ZIP64_EXTRA = 4 + 16;
const CENTRAL_HEADER = 46;
const CENTRAL_ZIP64_EXTRA = 4 + 24;
const DESCRIPTOR = 16;
const DESCRIPTOR_ZIP64 = 24;
const END_RECORD = 22;
const END_ZIP64 = 56 + 20;
const CENTRAL_BLOCK = 64 * 1024;

interface EntryLayout {
  zip64: boolean;
  localLength: number;
  descriptorLength: number;
  centralLength: number;
}

/**
 * The single ZIP64 policy both the writer and the size calculation follow: an entry uses ZIP64
 * when its size or its local header offset does not fit in 32 bits (0xFFFFFFFF itself is the
 * "see ZIP64" marker), or when forced.
 */
function layoutEntry(nameLength: number, size: number, offset: number, force: boolean): EntryLayout {
  const zip64 = force || size >= MAX32 || offset >= MAX32;
  return {
    zip64,
    localLength: LOCAL_HEADER + nameLength + (zip64 ? LOCAL_ZIP64_EXTRA : 0),
    descriptorLength: zip64 ? DESCRIPTOR_ZIP64 : DESCRIPTOR,
    centralLength: CENTRAL_HEADER + nameLength + (zip64 ? CENTRAL_ZIP64_EXTRA : 0),
  };
}

function needsZip64End(count: number, centralOffset: number, centralSize: number, force: boolean): boolean {
  return force || count >= MAX16 || centralOffset >= MAX32 || centralSize >= MAX32;
}

function checkSize(size: number, path: string): void {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`ZIP entry "${path}" has an invalid size: ${size}`);
}

/** Turns storage paths into safe, unique archive names, in entry order. */
class EntryNames {
  private readonly taken = new Set<string>();

  next(path: string): Buffer {
    const clean = sanitizePath(path);
    let name = clean;
    // Case-insensitive because most people extract on Windows or macOS, where "A.txt" overwrites "a.txt".
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = withSuffix(clean, n);
    this.taken.add(name.toLowerCase());
    const bytes = Buffer.from(name, 'utf8');
    if (bytes.length > MAX16) throw new RangeError(`ZIP entry name is too long (${bytes.length} bytes): ${name.slice(0, 80)}…`);
    return bytes;
  }
}

function sanitizePath(path: string): string {
  const segments = path
    .normalize('NFC') // macOS sends decomposed names; Windows shows those as broken accents
    .replace(/\\/g, '/')
    .replace(/^\/*[A-Za-z]:/, '')
    .split('/')
    .map((segment) => segment.replace(/[\x00-\x1f\x7f]/g, '_'))
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return segments.length > 0 ? segments.join('/') : 'file';
}

function withSuffix(path: string, n: number): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  // A leading dot (".env") is part of the name, not an extension.
  const ext = dot > slash + 1 ? dot : path.length;
  return `${path.slice(0, ext)} (${n})${path.slice(ext)}`;
}

function dosDateTime(date: Date): { time: number; date: number } {
  const year = date.getFullYear();
  if (Number.isNaN(year) || year < 1980) return { time: 0, date: (1 << 5) | 1 };
  if (year > 2107) return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function localHeader(name: Buffer, layout: EntryLayout, modified: { time: number; date: number }): Buffer {
  const b = Buffer.alloc(layout.localLength);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(layout.zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(0, 8); // STORE: the files are mostly already compressed media
  b.writeUInt16LE(modified.time, 10);
  b.writeUInt16LE(modified.date, 12);
  // CRC and sizes stay zero (bit 3); ZIP64 marks both sizes and carries zeros in the extra field.
  if (layout.zip64) {
    b.writeUInt32LE(MAX32, 18);
    b.writeUInt32LE(MAX32, 22);
  }
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(layout.zip64 ? LOCAL_ZIP64_EXTRA : 0, 28);
  name.copy(b, LOCAL_HEADER);
  if (layout.zip64) {
    b.writeUInt16LE(0x0001, LOCAL_HEADER + name.length);
    b.writeUInt16LE(16, LOCAL_HEADER + name.length + 2);
  }
  return b;
}

function dataDescriptor(crc: number, size: number, zip64: boolean): Buffer {
  const b = Buffer.alloc(zip64 ? DESCRIPTOR_ZIP64 : DESCRIPTOR);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(crc, 4);
  if (zip64) {
    b.writeBigUInt64LE(BigInt(size), 8);
    b.writeBigUInt64LE(BigInt(size), 16);
  } else {
    b.writeUInt32LE(size, 8);
    b.writeUInt32LE(size, 12);
  }
  return b;
}

function centralHeader(
  name: Buffer,
  layout: EntryLayout,
  modified: { time: number; date: number },
  crc: number,
  size: number,
  offset: number,
): Buffer {
  const b = Buffer.alloc(layout.centralLength);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(layout.zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(modified.time, 12);
  b.writeUInt16LE(modified.date, 14);
  b.writeUInt32LE(crc, 16);
  b.writeUInt32LE(layout.zip64 ? MAX32 : size, 20);
  b.writeUInt32LE(layout.zip64 ? MAX32 : size, 24);
  b.writeUInt16LE(name.length, 28);
  b.writeUInt16LE(layout.zip64 ? CENTRAL_ZIP64_EXTRA : 0, 30);
  b.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
  b.writeUInt32LE(layout.zip64 ? MAX32 : offset, 42);
  name.copy(b, CENTRAL_HEADER);
  if (layout.zip64) {
    const extra = CENTRAL_HEADER + name.length;
    b.writeUInt16LE(0x0001, extra);
    b.writeUInt16LE(24, extra + 2);
    b.writeBigUInt64LE(BigInt(size), extra + 4);
    b.writeBigUInt64LE(BigInt(size), extra + 12);
    b.writeBigUInt64LE(BigInt(offset), extra + 20);
  }
  return b;
}

function endRecords(count: number, centralOffset: number, centralSize: number, force: boolean): Buffer {
  const zip64 = needsZip64End(count, centralOffset, centralSize, force);
  const b = Buffer.alloc((zip64 ? END_ZIP64 : 0) + END_RECORD);
  let at = 0;
  if (zip64) {
    b.writeUInt32LE(0x06064b50, 0);
    b.writeBigUInt64LE(44n, 4);
    b.writeUInt16LE(MADE_BY, 12);
    b.writeUInt16LE(VERSION_ZIP64, 14);
    b.writeBigUInt64LE(BigInt(count), 24);
    b.writeBigUInt64LE(BigInt(count), 32);
    b.writeBigUInt64LE(BigInt(centralSize), 40);
    b.writeBigUInt64LE(BigInt(centralOffset), 48);
    b.writeUInt32LE(0x07064b50, 56);
    b.writeBigUInt64LE(BigInt(centralOffset + centralSize), 64);
    b.writeUInt32LE(1, 72);
    at = END_ZIP64;
  }
  b.writeUInt32LE(0x06054b50, at);
  b.writeUInt16LE(zip64 ? MAX16 : count, at + 8);
  b.writeUInt16LE(zip64 ? MAX16 : count, at + 10);
  b.writeUInt32LE(zip64 ? MAX32 : centralSize, at + 12);
  b.writeUInt32LE(zip64 ? MAX32 : centralOffset, at + 16);
  return b;
}

async function* zipChunks(
  entries: Iterable<ZipEntrySource> | AsyncIterable<ZipEntrySource>,
  force: boolean,
): AsyncGenerator<Uint8Array> {
  const names = new EntryNames();
  const central: Buffer[] = [];
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let centralSize = 0;
  let count = 0;
  let offset = 0;

  for await (const entry of entries) {
    checkSize(entry.size, entry.path);
    const name = names.next(entry.path);
    const layout = layoutEntry(name.length, entry.size, offset, force);
    const modified = dosDateTime(entry.modifiedAt);
    yield localHeader(name, layout, modified);

    let crc = 0;
    let written = 0;
    for await (const chunk of await entry.open()) {
      if (chunk.length === 0) continue;
      written += chunk.length;
      if (written > entry.size) throw new Error(`ZIP entry "${entry.path}" yielded more than its declared ${entry.size} bytes`);
      crc = crc32(chunk, crc);
      yield chunk;
    }
    if (written !== entry.size) {
      throw new Error(`ZIP entry "${entry.path}" yielded ${written} bytes, but its declared size is ${entry.size}`);
    }
    yield dataDescriptor(crc, entry.size, layout.zip64);

    const record = centralHeader(name, layout, modified, crc, entry.size, offset);
    // Packed into blocks so a huge listing costs its bytes, not one Buffer object per entry.
    pending.push(record);
    pendingLength += record.length;
    if (pendingLength >= CENTRAL_BLOCK) {
      central.push(Buffer.concat(pending, pendingLength));
      pending = [];
      pendingLength = 0;
    }
    centralSize += record.length;
    count++;
    offset += layout.localLength + entry.size + layout.descriptorLength;
  }

  if (pendingLength > 0) central.push(Buffer.concat(pending, pendingLength));
  yield* central;
  yield endRecords(count, offset, centralSize, force);
}

/**
 * Streams a STORE-only ZIP of `entries`, one source open at a time, honouring backpressure; only
 * the central directory (a few hundred bytes per entry) is held in memory. The stream is destroyed
 * with an Error if a source yields a byte count other than its declared size, so a truncated
 * download never looks like a complete archive. Paths are sanitized and de-duplicated exactly as
 * {@link zipArchiveSize} does, so the output length always equals that function's result.
 */
export function createZipStream(
  entries: Iterable<ZipEntrySource> | AsyncIterable<ZipEntrySource>,
  options: ZipOptions = {},
): Readable {
  return Readable.from(zipChunks(entries, options.forceZip64 ?? false), { objectMode: false });
}

/**
 * The exact byte length of the archive {@link createZipStream} produces for the same entries (in
 * the same order) and options, for Content-Length and progress.
 */
export function zipArchiveSize(entries: { path: string; size: number }[], options: ZipOptions = {}): number {
  const force = options.forceZip64 ?? false;
  const names = new EntryNames();
  let offset = 0;
  let centralSize = 0;
  for (const entry of entries) {
    checkSize(entry.size, entry.path);
    const layout = layoutEntry(names.next(entry.path).length, entry.size, offset, force);
    offset += layout.localLength + entry.size + layout.descriptorLength;
    centralSize += layout.centralLength;
  }
  const end = (needsZip64End(entries.length, offset, centralSize, force) ? END_ZIP64 : 0) + END_RECORD;
  return offset + centralSize + end;
}
