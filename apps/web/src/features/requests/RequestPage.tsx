import { useId, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ZEmail } from '@ferry/contracts';
import { formatBytes } from '@ferry/plans';
import { UploadCancelledError } from '@ferry/upload-engine';
import { apiProblem } from '../../app/api-error';
import { showToast } from '../../components/toasts';
import { useDateTimeFormat } from '../download/format-date';
import { StateCard } from '../download/StateCard';
import { uploadBrowserFiles } from '../../app/browser-upload';
import { matchGrants } from './match-grants';
import { useCompleteRequestUploadMutation, useGetPublicRequestQuery, useStartRequestUploadMutation } from './requests.api';
import '../download/download.css';
import './requests.css';
import { BrandFrame } from '../branding/BrandFrame';

const SLUG = /^[A-Za-z0-9]{7}$/;

interface Progress {
  percent: number;
  index: number;
  count: number;
  bytesUploaded: number;
  totalBytes: number;
}

type Phase = { name: 'editing' } | { name: 'uploading'; progress: Progress } | { name: 'done'; fileCount: number };

/** Files picked twice (same name and size) are kept once. */
function addUnique(current: File[], added: File[]): File[] {
  const next = [...current];
  for (const file of added) if (!next.some((f) => f.name === file.name && f.size === file.size)) next.push(file);
  return next;
}

/**
 * `/r/{id}`: someone asked for files. The uploader adds files (picker or drag and drop) and,
 * optionally, their email; the files go straight to the requester's storage with the upload
 * engine, then the batch is completed and the requester is told.
 */
export default function RequestPage() {
  const { t } = useTranslation('download');
  const { id = '' } = useParams();
  const formatDate = useDateTimeFormat();
  const isSlugValid = SLUG.test(id);
  const { data: request, error, isFetching, refetch } = useGetPublicRequestQuery(id, { skip: !isSlugValid });
  const [startUpload] = useStartRequestUploadMutation();
  const [completeUpload] = useCompleteRequestUploadMutation();
  const [files, setFiles] = useState<File[]>([]);
  const [email, setEmail] = useState('');
  const [isDragging, setIsDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: 'editing' });
  const [formError, setFormError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const inputId = useId();
  const emailId = useId();
  const emailErrorId = useId();
  const titleId = useId();

  const problem = error ? apiProblem(error) : null;
  const isEmailValid = email.trim() === '' || ZEmail.safeParse(email).success;
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const canSend = files.length > 0 && isEmailValid;

  if (!isSlugValid || problem?.status === 404 || problem?.status === 400) {
    return (
      <main className="page page--narrow download-page">
        <StateCard title={t('request.notFound.title')} lead={t('request.notFound.lead')} />
      </main>
    );
  }
  if (problem?.status === 410) {
    return (
      <main className="page page--narrow download-page">
        <StateCard title={t('request.closed.title')} lead={t('request.closed.lead')} />
      </main>
    );
  }
  if (problem || !request) {
    return (
      <main className="page page--narrow download-page">
        {problem ? (
          <StateCard title={t('download.error.title')} lead={t('request.error')}>
            <button type="button" className="button" onClick={refetch} disabled={isFetching}>
              {t('download.error.retry')}
            </button>
          </StateCard>
        ) : (
          <p className="page-loading" role="status">
            {t('request.loading')}
          </p>
        )}
      </main>
    );
  }

  const requester = request.requesterName ?? request.requesterEmail;

  function pick(event: ChangeEvent<HTMLInputElement>) {
    // Read now: clearing the input below empties its FileList before the state updater runs.
    const picked = Array.from(event.target.files ?? []);
    setFiles((current) => addUnique(current, picked));
    setFormError(null);
    event.target.value = '';
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setIsDragging(false);
    if (phase.name !== 'editing') return;
    // Only files: a dropped folder has no bytes to read here.
    const dropped = Array.from(event.dataTransfer.files).filter((f) => f.size > 0 || f.type !== '');
    setFiles((current) => addUnique(current, dropped));
    setFormError(null);
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!canSend || phase.name !== 'editing') return;
    setFormError(null);
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ name: 'uploading', progress: { percent: 0, index: 0, count: files.length, bytesUploaded: 0, totalBytes } });
    try {
      const started = await startUpload({
        slug: id,
        body: { files: files.map((f) => ({ name: f.name, size: f.size })), ...(email.trim() ? { email: email.trim() } : {}) },
      }).unwrap();
      for (const dropped of started.dropped) {
        showToast({ title: t(`request.dropped.${dropped.reason}`), message: dropped.name, kind: 'info', ms: 15_500 });
      }
      const items = matchGrants(files, started.uploads);
      const count = items.length;
      const batchBytes = items.reduce((sum, item) => sum + item.file.size, 0);
      const uploads = await uploadBrowserFiles({
        batchId: `request/${started.uploadId}`,
        items: items.map(({ file, grant }, index) => ({ key: `${index}/${file.name}`, file, name: file.name, size: file.size, grant })),
        signal: controller.signal,
        onEvent: (ev) => {
          if (ev.type === 'file') {
            setPhase((p) => (p.name === 'uploading' ? { ...p, progress: { ...p.progress, index: ev.index + 1, count } } : p));
          } else if (ev.type === 'progress') {
            setPhase((p) =>
              p.name === 'uploading'
                ? { ...p, progress: { ...p.progress, percent: Math.floor(ev.percent), bytesUploaded: ev.bytesUploaded, totalBytes: batchBytes } }
                : p,
            );
          }
        },
      });
      const done = await completeUpload({ slug: id, uploadId: started.uploadId, uploads }).unwrap();
      setPhase({ name: 'done', fileCount: done.fileCount });
      setFiles([]);
    } catch (caught) {
      setPhase({ name: 'editing' });
      if (caught instanceof UploadCancelledError) {
        showToast({ title: t('request.cancelledTitle'), message: t('request.cancelledMessage'), kind: 'info' });
        return;
      }
      const failure = apiProblem(caught);
      const message = failure.status === 'network' && caught instanceof Error ? caught.message : failure.message;
      setFormError(message || t('request.failed'));
    } finally {
      abort.current = null;
    }
  }

  if (phase.name === 'done') {
    return (
      <BrandFrame branding={request.branding} className="page page--narrow download-page">
        <StateCard title={t('request.doneTitle')} lead={t('request.doneLead', { name: requester, count: phase.fileCount })}>
          <button type="button" className="button button--ghost" onClick={() => setPhase({ name: 'editing' })}>
            {t('request.sendMore')}
          </button>
        </StateCard>
      </BrandFrame>
    );
  }

  const isUploading = phase.name === 'uploading';
  return (
    <BrandFrame branding={request.branding} className="page page--narrow download-page">
      <section className="card request-card" aria-labelledby={titleId}>
        <p className="request-card__from">{t('request.from', { name: requester })}</p>
        <h1 id={titleId} className="download-card__title">
          {request.title}
        </h1>
        {request.message ? (
          <figure className="download-message">
            <figcaption className="visually-hidden">{t('download.message')}</figcaption>
            <blockquote>{request.message}</blockquote>
          </figure>
        ) : null}
        {request.expiryDate ? <p className="hint">{t('request.expires', { date: formatDate(request.expiryDate) })}</p> : null}

        <form onSubmit={send} noValidate>
          <div
            className={`request-drop${isDragging ? ' request-drop--over' : ''}`}
            onDragOver={(event) => {
              event.preventDefault();
              if (!isUploading) setIsDragging(true);
            }}
            onDragLeave={() => setIsDragging(false)}
            onDrop={drop}
          >
            <p className="request-drop__text">{t('request.dropHere')}</p>
            <label htmlFor={inputId} className="button button--ghost">
              {t('request.browse')}
            </label>
            <input id={inputId} className="visually-hidden" type="file" multiple onChange={pick} disabled={isUploading} />
          </div>

          {files.length > 0 ? (
            <>
              <ul className="download-files request-files" aria-label={t('request.chosen')}>
                {files.map((file) => (
                  <li key={`${file.name}:${file.size}`} className="download-file">
                    <span className="download-file__info">
                      <span className="download-file__name">{file.name}</span>
                      <span className="hint">{formatBytes(file.size)}</span>
                    </span>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setFiles((current) => current.filter((f) => f !== file))}
                      disabled={isUploading}
                      aria-label={t('request.remove', { name: file.name })}
                    >
                      {t('request.removeShort')}
                    </button>
                  </li>
                ))}
              </ul>
              <p className="hint">{t('request.selected', { count: files.length, size: formatBytes(totalBytes) })}</p>
            </>
          ) : null}

          <div className={`field${isEmailValid ? '' : ' field--invalid'}`}>
            <label htmlFor={emailId}>{t('request.email')}</label>
            <input
              id={emailId}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={isUploading}
              aria-invalid={!isEmailValid}
              aria-describedby={emailErrorId}
            />
            <span id={emailErrorId} className={isEmailValid ? 'hint' : 'error-text'}>
              {isEmailValid ? t('request.emailHint', { name: requester }) : t('request.emailInvalid')}
            </span>
          </div>

          {formError ? (
            <p className="error-text" role="alert">
              {formError}
            </p>
          ) : null}

          {phase.name === 'uploading' ? (
            <div className="request-progress" role="status" aria-live="polite">
              <progress max={100} value={phase.progress.percent} aria-label={t('request.uploading')} />
              <p>
                <strong>{t('request.percent', { percent: phase.progress.percent })}</strong>{' '}
                {t('request.fileOf', { index: Math.max(phase.progress.index, 1), count: phase.progress.count })}
              </p>
              <p className="hint">
                {t('request.uploaded', { done: formatBytes(phase.progress.bytesUploaded), total: formatBytes(phase.progress.totalBytes) })}
              </p>
              <button type="button" className="button button--ghost" onClick={() => abort.current?.abort()}>
                {t('request.cancel')}
              </button>
            </div>
          ) : (
            <button type="submit" className="button" disabled={!canSend}>
              {t('request.send')}
            </button>
          )}
        </form>
      </section>
    </BrandFrame>
  );
}
