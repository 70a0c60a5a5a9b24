import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { blockedNotice, formatBytes, type TBlockedReason } from '@ferry/plans';
import { UPLOAD_STATUS } from '@ferry/upload-engine';
import { useAppSelector } from '../../app/store';
import { SignupModal } from '../auth/SignupModal';
import { ProgressRing } from './ProgressRing';
import { CheckIcon } from './icons';
import type { PendingSend } from './pending-send';
import { tourText, type TourMessage } from './quick-send-rules';

export interface Progress {
  percent: number;
  status: string;
  bytesPerSecond: number;
  secondsLeft: number | null;
  fileIndex: number;
  fileCount: number;
  bytesUploaded: number;
  totalBytes: number;
}

export interface DoneResult {
  mode: 'link' | 'email' | 'addFiles';
  url: string;
  recipients: string[];
}

const STATUS_KEYS: Record<string, string> = {
  [UPLOAD_STATUS.gettingReady]: 'progress.status.gettingReady',
  [UPLOAD_STATUS.transferring]: 'progress.status.transferring',
  [UPLOAD_STATUS.warmingUp]: 'progress.status.warmingUp',
  [UPLOAD_STATUS.resuming]: 'progress.status.resuming',
  'Almost done...': 'progress.status.almostDone',
};

function duration(seconds: number | null, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (seconds === null || !Number.isFinite(seconds)) return t('progress.calculating');
  if (seconds < 60) return t('progress.seconds', { count: Math.max(1, Math.round(seconds)) });
  if (seconds < 3600) return t('progress.minutes', { count: Math.round(seconds / 60) });
  return t('progress.hours', { count: Math.round((seconds / 3600) * 10) / 10 });
}

/** The progress view: ring, status text, speed, time left, 'n of m File(s)', 'x of y uploaded', cancel with its confirmation. */
export function ProgressView({ progress, confirmCancel, onCancel, onConfirmCancel }: { progress: Progress; confirmCancel: boolean; onCancel: () => void; onConfirmCancel: (yes: boolean) => void }) {
  const { t } = useTranslation('send');
  const noButton = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (confirmCancel) noButton.current?.focus();
  }, [confirmCancel]);
  return (
    <div className="progress-view">
      <ProgressRing percent={progress.percent} label={t('progress.label')} />
      <p className="progress-view__status" aria-live="polite" data-testid="upload-status">
        {t(STATUS_KEYS[progress.status] ?? 'progress.status.transferring')}
      </p>
      <dl className="progress-view__figures">
        <div>
          <dt>{t('progress.speed')}</dt>
          <dd>{t('progress.perSecond', { size: formatBytes(Math.round(progress.bytesPerSecond)) })}</dd>
        </div>
        <div>
          <dt>{t('progress.timeLeft')}</dt>
          <dd>{duration(progress.secondsLeft, t as never)}</dd>
        </div>
        <div>
          <dt>{t('progress.files')}</dt>
          <dd>{t('progress.fileOf', { n: Math.min(progress.fileIndex + 1, Math.max(progress.fileCount, 1)), m: progress.fileCount })}</dd>
        </div>
        <div>
          <dt>{t('progress.uploaded')}</dt>
          <dd>{t('progress.bytesOf', { x: formatBytes(progress.bytesUploaded), y: formatBytes(progress.totalBytes) })}</dd>
        </div>
      </dl>
      {confirmCancel ? (
        <div className="confirm" role="alertdialog" aria-label={t('progress.cancelQuestion')}>
          <p>{t('progress.cancelQuestion')}</p>
          <div className="row">
            <button type="button" className="button button--danger" onClick={() => onConfirmCancel(true)}>
              {t('common:yes')}
            </button>
            <button ref={noButton} type="button" className="button button--ghost" onClick={() => onConfirmCancel(false)}>
              {t('common:no')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('progress.cancel')}
        </button>
      )}
    </div>
  );
}

/** 'You're all done!' for link, email and add-files modes, with what comes next. */
export function DoneView({ result, signedIn, senderEmail, onSendAnother }: { result: DoneResult; signedIn: boolean; senderEmail?: string; onSendAnother: () => void }) {
  const { t } = useTranslation('send');
  const [copied, setCopied] = useState(false);
  const [signingUp, setSigningUp] = useState(false);
  const [first, ...others] = result.recipients;

  async function copy() {
    try {
      await navigator.clipboard.writeText(result.url);
    } catch {
      const box = document.getElementById('qs-done-link') as HTMLInputElement | null;
      box?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
  }

  return (
    <div className="done-view" role="status">
      <div className="done-view__check" aria-hidden="true">
        <CheckIcon />
      </div>
      <h2>{t('done.title')}</h2>
      {result.mode === 'email' ? (
        <>
          <p>
            {t('done.emailSent')} <strong>{first}</strong>
            {others.length > 0 ? ` ${t('done.andOthers', { count: others.length })}` : ''}
          </p>
          <p>{t('done.notify')}</p>
        </>
      ) : null}
      {result.mode === 'link' ? (
        <div className="field">
          <label htmlFor="qs-done-link">{t('done.copyBelow')}</label>
          <div className="row">
            <input id="qs-done-link" readOnly value={result.url} onFocus={(e) => e.target.select()} />
            <button type="button" className="button" onClick={() => void copy()}>
              {copied ? t('done.copied') : t('done.copy')}
            </button>
          </div>
        </div>
      ) : null}
      {result.mode === 'addFiles' ? <p>{t('done.updated')}</p> : null}
      {signedIn ? (
        <button type="button" className="button button--ghost" onClick={onSendAnother}>
          {t('done.sendAnother')}
        </button>
      ) : (
        <div className="done-view__keep">
          <p>{t('done.keep')}</p>
          <button type="button" className="button" onClick={() => setSigningUp(true)}>
            {t('done.createAccount')}
          </button>
          {signingUp ? <SignupModal variant="savedQuickSend" defaultEmail={senderEmail ?? ''} onClose={() => setSigningUp(false)} /> : null}
        </div>
      )}
    </div>
  );
}

/** The error tour: a title, a message and an optional action, over the form. */
export function ErrorTour({ problem, onClose }: { problem: TourMessage; onClose: () => void }) {
  const { t } = useTranslation('send');
  const closeButton = useRef<HTMLButtonElement | null>(null);
  useEffect(() => closeButton.current?.focus(), []);
  const text = tourText(t as never, problem);
  const isSignedIn = useAppSelector((s) => s.session.user !== null);
  return (
    <div className="error-tour" role="alertdialog" aria-labelledby="qs-tour-title" aria-describedby="qs-tour-message">
      <h3 id="qs-tour-title">{text.title}</h3>
      <p id="qs-tour-message">{text.message}</p>
      <div className="row">
        {problem.action === 'trial' ? (
          <Link className="button" to={isSignedIn ? '/dash/account/1?plan=PRM' : '/pricing?plan=PRM'}>
            {t('actions.trial')}
          </Link>
        ) : null}
        {problem.action === 'support' ? (
          <a className="button" href="mailto:support@ferry.example">
            {t('actions.support')}
          </a>
        ) : null}
        <button ref={closeButton} type="button" className="button button--ghost" onClick={onClose}>
          {t('common:close')}
        </button>
      </div>
    </div>
  );
}

const SERVER_BLOCKS: Record<string, string> = { MONTHLY_LIMIT_REACHED: 'blocked.monthly', SENDING_BLOCKED: 'blocked.generic' };

/**
 * The free-limit screen that replaces the form: expired trial or failed payment (-> the billing tab to
 * add a card), full storage, subscription over, the monthly cap (-> the plan tab), suspended.
 */
export function BlockedView({ reason, role }: { reason: TBlockedReason | string; role: string }) {
  const { t } = useTranslation(['send', 'billing']);
  const key = SERVER_BLOCKS[reason] ?? `blocked.${reason}`;
  const storage = reason === 'storageFull' ? blockedNotice('storageFull', role).message : '';
  return (
    <section className="quick-send card blocked-view" aria-labelledby="qs-blocked-title">
      <h2 id="qs-blocked-title">{t(`${key}.title`)}</h2>
      <p>{t(`${key}.message`, { storage })}</p>
      {reason === 'suspended' ? (
        <a href="/support?article=security">{t('blocked.readWhy')}</a>
      ) : reason === 'trialExpired' ? (
        <Link className="button" to="/dash/account/billing">
          {t('billing:blocked.addCard')}
        </Link>
      ) : (
        <Link className="button" to="/dash/account/1">
          {t('blocked.upgrade')}
        </Link>
      )}
      <p className="hint">{t('blocked.support')}</p>
    </section>
  );
}

/** A transfer that was cancelled, cut off or interrupted by a reload: resume it (same files) or discard it. */
export function ResumeBanner({ pending, matched, onResume, onDiscard }: { pending: PendingSend; matched: number; onResume: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('send');
  const needFiles = matched < pending.files.length;
  return (
    <div className="resume-banner" role="region" aria-label={t('resume.title')}>
      <strong>{t('resume.title')}</strong>
      <p>{needFiles ? t('resume.addSame', { count: pending.files.length }) : t('resume.ready')}</p>
      {needFiles ? (
        <ul className="resume-banner__files">
          {pending.files.map((f) => (
            <li key={f.key}>
              {f.key} · {formatBytes(f.size)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="hint">{t('resume.window')}</p>
      <div className="row">
        <button type="button" className="button" onClick={onResume}>
          {needFiles ? t('resume.pick') : t('resume.resume')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDiscard}>
          {t('resume.discard')}
        </button>
      </div>
    </div>
  );
}
