import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReceiptCheck } from '@ferry/contracts';
import { apiProblem } from '../../app/api-error';
import { useDocumentTitle } from '../marketing/use-document-title';
import { sha256OfFile } from './hash-file';
import { useVerifyReceiptMutation } from './verify.api';
import './verify.css';

type Outcome = { check: TReceiptCheck; fileName: string | null } | { error: string };

function formatBytes(size: number, lang: string): string {
  return new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en', { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(size);
}

/** What a genuine receipt says, and whether the file given is one it names. */
function Genuine({ check, fileName }: { check: TReceiptCheck; fileName: string | null }) {
  const { t, i18n } = useTranslation('download');
  const receipt = check.receipt;
  if (!receipt) return null;
  const place = [receipt.place.city, receipt.place.country].filter((p) => p && p !== 'unknown').join(', ') || t('verify.unknownPlace');
  const when = new Intl.DateTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'long', timeStyle: 'long' }).format(new Date(receipt.downloadedAt));
  return (
    <div className="verify-result verify-result--ok">
      <h2>{t('verify.genuine')}</h2>
      <p>{t('verify.delivered', { when, place, recipient: receipt.recipient ?? t('verify.someone') })}</p>
      <ul className="verify-files">
        {receipt.files.map((f) => (
          <li key={`${f.path ?? ''}/${f.name}`}>
            <strong>{f.path ? `${f.path}/${f.name}` : f.name}</strong> · {formatBytes(f.size, i18n.language)}
            <code>{f.sha256 ?? t('verify.noDigest')}</code>
          </li>
        ))}
      </ul>
      <p className="hint">{t('verify.sender', { sender: [receipt.sender.name, receipt.sender.email, receipt.sender.company].filter(Boolean).join(' · ') || t('verify.anonymous') })}</p>
      <p className="hint">{t('verify.signedBy', { issuer: receipt.issuer })}</p>
      {fileName !== null && (
        <p className={check.fileMatches ? 'verify-match verify-match--ok' : 'verify-match verify-match--bad'}>
          {check.fileMatches ? t('verify.fileMatches', { file: fileName, name: check.matchedFile }) : t('verify.fileDiffers', { file: fileName })}
        </p>
      )}
    </div>
  );
}

/**
 * `/verify`: anyone checks a Ferry delivery receipt (the JSON file, or the one attached to the PDF)
 * and, optionally, that a file is the one it names — the file is hashed here, in the browser, and
 * never uploaded.
 */
export default function VerifyPage() {
  const { t } = useTranslation('download');
  useDocumentTitle(t('verify.title'));
  const ids = { receipt: useId(), pasted: useId(), file: useId() };
  const [receiptFile, setReceiptFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [hashing, setHashing] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [verify, { isLoading }] = useVerifyReceiptMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    let receipt: unknown;
    try {
      receipt = JSON.parse(receiptFile ? await receiptFile.text() : pasted) as unknown;
    } catch {
      setOutcome({ error: t('verify.notJson') });
      return;
    }
    try {
      let sha256: string | undefined;
      if (file) {
        setHashing(0);
        sha256 = await sha256OfFile(file, setHashing);
        setHashing(null);
      }
      const check = await verify(sha256 ? { receipt, sha256 } : { receipt }).unwrap();
      setOutcome({ check, fileName: file?.name ?? null });
    } catch (error) {
      setHashing(null);
      setOutcome({ error: apiProblem(error).message });
    }
  }

  const canVerify = (receiptFile !== null || pasted.trim() !== '') && !isLoading && hashing === null;
  return (
    <div className="page page--narrow verify-page">
      <h1>{t('verify.title')}</h1>
      <p className="verify-intro">{t('verify.intro')}</p>
      <form className="card verify-form" onSubmit={(e) => void onSubmit(e)}>
        <div className="field">
          <label htmlFor={ids.receipt}>{t('verify.receiptLabel')}</label>
          <input id={ids.receipt} type="file" accept=".json,application/json" onChange={(e) => setReceiptFile(e.target.files?.[0] ?? null)} />
        </div>
        <div className="field">
          <label htmlFor={ids.pasted}>{t('verify.pasteLabel')}</label>
          <textarea id={ids.pasted} rows={4} value={pasted} disabled={receiptFile !== null} onChange={(e) => setPasted(e.target.value)} spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor={ids.file}>{t('verify.fileLabel')}</label>
          <input id={ids.file} type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <p className="hint">{t('verify.fileHint')}</p>
        </div>
        <button type="submit" className="button" disabled={!canVerify}>
          {t('verify.submit')}
        </button>
      </form>
      <section className="verify-outcome" aria-live="polite">
        {hashing !== null && <p>{t('verify.hashing', { percent: Math.floor(hashing * 100) })}</p>}
        {outcome && 'error' in outcome && <p className="verify-result verify-result--bad">{outcome.error}</p>}
        {outcome && 'check' in outcome && outcome.check.genuine && <Genuine check={outcome.check} fileName={outcome.fileName} />}
        {outcome && 'check' in outcome && !outcome.check.genuine && (
          <div className="verify-result verify-result--bad">
            <h2>{t('verify.notGenuine')}</h2>
            <p>{t(`verify.problems.${outcome.check.problem ?? 'malformed'}`)}</p>
          </div>
        )}
      </section>
    </div>
  );
}
