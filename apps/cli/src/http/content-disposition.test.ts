import { describe, expect, it } from 'vitest';
import { downloadFilename, extendedFilename, plainFilename, safeFilename } from './content-disposition';

const link = new URL('https://storage.example/o/bucket/u/1/abc?X-Sig=1');

describe('downloadFilename', () => {
  it('when both forms are given, then the exact UTF-8 name of filename* wins', () => {
    expect(downloadFilename(`attachment; filename="__.txt"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.txt`, link)).toBe('报告.txt');
  });

  it('when only a quoted filename is given, then its escapes are undone', () => {
    expect(downloadFilename('attachment; filename="a \\"quoted\\" name.pdf"', link)).toBe('a "quoted" name.pdf');
  });

  it('when the filename is a bare token, then it is used as is', () => {
    expect(plainFilename('attachment; filename=report.csv; size=10')).toBe('report.csv');
  });

  it('when the name carries folders or .., then only the last plain segment is kept', () => {
    expect(downloadFilename(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, link)).toBe('passwd');
    expect(downloadFilename('attachment; filename="C:\\\\Users\\\\x\\\\evil.exe"', link)).toBe('evil.exe');
    expect(downloadFilename('attachment; filename=".."', new URL('https://h/zip/tok'))).toBe('tok');
  });

  it('when there is no header, then the last segment of the URL path names the file, else "download"', () => {
    expect(downloadFilename(null, new URL('https://h/files/my%20report.pdf?sig=1'))).toBe('my report.pdf');
    expect(downloadFilename(null, new URL('https://h/'))).toBe('download');
  });

  it('when filename* is ISO-8859-1, then its bytes are read as Latin-1', () => {
    expect(extendedFilename(`attachment; filename*=iso-8859-1'en'%E9t%E9.txt`)).toBe('été.txt');
  });

  it('when filename* is malformed, then the plain filename is used', () => {
    expect(downloadFilename(`attachment; filename="ok.txt"; filename*=UTF-8''%E6%8A`, link)).toBe('ok.txt');
  });

  it('when a name holds control characters, then they are removed', () => {
    expect(safeFilename('a\u0000b\nc.txt')).toBe('abc.txt');
  });
});
