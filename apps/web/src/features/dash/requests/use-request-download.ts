import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toasts';
import { startDownload } from '../../download/start-download';
import { useRequestDownloadUrlMutation } from './dash-requests.api';

/**
 * Downloads an arrived file (`fileId`) or a ZIP of all (`'all'`): the API signs a URL for 600 s and
 * the browser saves it (storage answers with `Content-Disposition: attachment`).
 */
export function useRequestDownload(slug: string) {
  const { t } = useTranslation('inbox');
  const [sign] = useRequestDownloadUrlMutation();
  const [busy, setBusy] = useState<string | null>(null);

  async function download(target: string | 'all') {
    setBusy(target);
    try {
      const { url } = await sign({ slug, body: target === 'all' ? { all: true } : { fileId: target } }).unwrap();
      startDownload(url);
    } catch {
      showToast({ title: t('detail.downloadFailed'), kind: 'error' });
    } finally {
      setBusy(null);
    }
  }

  return { download, busy };
}
