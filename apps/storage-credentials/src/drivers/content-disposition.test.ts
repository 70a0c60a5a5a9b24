import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadContentType, isActiveContent } from './content-disposition';

describe('download headers', () => {
  it('when a name is plain ASCII, then both forms carry it', () => {
    expect(attachmentDisposition('report 2026.pdf')).toBe(`attachment; filename="report 2026.pdf"; filename*=UTF-8''report%202026.pdf`);
  });
  it('when a name is Chinese, then filename* carries it percent-encoded and filename an ASCII fallback', () => {
    const header = attachmentDisposition('合同.pdf');
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent('合同')}.pdf`);
    expect(header).toContain('filename="__.pdf"');
  });
  it('when a name tries to break out of the header, then quotes, slashes and newlines are replaced', () => {
    const header = attachmentDisposition('a"b\r\nSet-Cookie: x/..\\y');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('"').length).toBe(3);
  });
  it('when a file is HTML, SVG or XML, then it is served as opaque bytes', () => {
    expect(isActiveContent('page.HTML')).toBe(true);
    expect(isActiveContent('logo.svg')).toBe(true);
    expect(isActiveContent('data.bin', 'image/svg+xml')).toBe(true);
    expect(downloadContentType('x.xml', 'text/xml')).toBe('application/octet-stream');
    expect(downloadContentType('photo.jpg', 'image/jpeg')).toBe('image/jpeg');
  });
});
