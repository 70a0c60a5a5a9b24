/**
 * Hands a signed URL to the browser as a download. Storage answers with `Content-Disposition:
 * attachment`, so the page stays where it is while the file saves.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
