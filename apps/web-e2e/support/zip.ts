/** Reads a STORE (uncompressed) ZIP as Ferry streams it: entry name -> bytes, from the central directory. */
export function readStoredZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  let count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const z64 = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
  if (z64 >= 0 && (count === 0xffff || offset === 0xffffffff)) {
    count = Number(zip.readBigUInt64LE(z64 + 32));
    offset = Number(zip.readBigUInt64LE(z64 + 48));
  }
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(offset + 10);
    let size = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    let local = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    // ZIP64 extra field (0x0001): the 64-bit sizes and offset that did not fit.
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = zip.readUInt16LE(extra);
      const length = zip.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let at = extra + 4;
        if (size === 0xffffffff) {
          size = Number(zip.readBigUInt64LE(at));
          at += 8;
          at += 8; // compressed size (same for STORE)
        }
        if (local === 0xffffffff) local = Number(zip.readBigUInt64LE(at));
      }
      extra += 4 + length;
    }
    if (method !== 0) throw new Error(`${name} is compressed (method ${method}); Ferry stores`);
    const localName = zip.readUInt16LE(local + 26);
    const localExtra = zip.readUInt16LE(local + 28);
    const start = local + 30 + localName + localExtra;
    if (!name.endsWith('/')) entries.set(name, zip.subarray(start, start + size));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
