import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCreatedTransfer, TUploadGrant } from '@ferry/contracts';
import { apiProblem } from '../../app/api-error';
import { useRequestEmailCodeMutation } from '../../app/session.api';
import { showToast } from '../../components/toasts';
import { savePendingSend, type PendingSend } from './pending-send';
import { useAddFilesMutation, useCreateTransferMutation } from './quick-send.api';
import { draftFiles, recipientsToSend, transferDraft, type QuickSendFormState } from './quick-send-form.slice';
import { fieldProblems, limitProblem, serverProblem, tourText, type FieldProblem, type QuickSendForm, type TourMessage } from './quick-send-rules';
import type { SelectedFile } from './selected-files';
import type { UploadLifecycle } from './use-upload-lifecycle';
import { isSenderVerified } from './VerifyStep';

/** The files the server kept, in order: each dropped entry takes out the first file with its name and folder. */
export function keptFiles<T extends { name: string; folder?: string }>(files: T[], dropped: TCreatedTransfer['dropped']): T[] {
  const left = [...dropped];
  return files.filter((file) => {
    const index = left.findIndex((d) => d.name === file.name && (d.path ?? undefined) === file.folder);
    if (index < 0) return true;
    left.splice(index, 1);
    return false;
  });
}

/** The transfer to resume if its upload stops: its files matched to their grants, in order. */
function pendingRecord(created: TCreatedTransfer, kept: SelectedFile[], details: { sendAs: PendingSend['sendAs']; recipients: string[] }): PendingSend {
  return {
    transferId: created.id,
    slug: created.slug,
    url: created.url,
    ...details,
    createdAt: Date.now(),
    files: kept.map((f, i) => ({ key: f.key, name: f.name, size: f.size, folder: f.folder, kind: f.kind, grant: created.uploads[i] as TUploadGrant })),
  };
}

interface SendFlowOptions {
  form: QuickSendFormState;
  /** The files to send (the memo included) and the form as the plan rules read it. */
  files: SelectedFile[];
  rules: QuickSendForm;
  addTo?: { slug: string };
  upload: UploadLifecycle;
  showTour: (tour: TourMessage) => void;
}

/**
 * Pressing Send: the form's problems shake their field, the plan's limits show their tour, an
 * anonymous email sender verifies the address first; then the draft is created (or the files
 * added to a live transfer) and its upload starts. The server's refusals become tours, or the
 * blocked view for a paused account or the monthly cap.
 */
export function useSendFlow({ form, files, rules, addTo, upload, showTour }: SendFlowOptions) {
  const { t, i18n } = useTranslation('send');
  const [isVerifying, setVerifying] = useState(false);
  const [shake, setShake] = useState<FieldProblem | null>(null);
  const [serverBlock, setServerBlock] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [createTransfer] = useCreateTransferMutation();
  const [addFiles] = useAddFilesMutation();
  const [requestCode] = useRequestEmailCodeMutation();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const senderEmail = form.senderEmail.trim().toLowerCase();
  const problems = fieldProblems(rules);

  useEffect(() => {
    if (!shake) return;
    const timer = setTimeout(() => setShake(null), 600);
    return () => clearTimeout(timer);
  }, [shake]);

  function showProblem(problem: TourMessage) {
    if (problem.toastMs) showToast({ ...tourText(t as never, problem), kind: 'info', ms: problem.toastMs });
    else showTour(problem);
  }

  async function sendCode() {
    try {
      await requestCode({ email: senderEmail, purpose: 'send', lang }).unwrap();
      setVerifying(true);
    } catch (error) {
      const problem = apiProblem(error);
      showProblem(problem.code === 'TOO_MANY_ATTEMPTS' ? { key: 'errors.tooManyAttempts' } : serverProblem(problem.code, problem.status));
    }
  }

  async function refused(error: unknown) {
    const problem = apiProblem(error);
    if (problem.code === 'EMAIL_NOT_VERIFIED') return sendCode();
    if (problem.code === 'SENDING_BLOCKED' || problem.code === 'MONTHLY_LIMIT_REACHED') return setServerBlock(problem.code);
    showProblem(serverProblem(problem.code, problem.status));
  }

  async function createAndUpload() {
    setBusy(true);
    let created: TCreatedTransfer;
    try {
      created = addTo ? await addFiles({ slug: addTo.slug, files: draftFiles(files) }).unwrap() : await createTransfer(transferDraft(form, { files, signedIn: rules.signedIn, lang })).unwrap();
    } catch (error) {
      setBusy(false);
      return refused(error);
    }
    for (const dropped of created.dropped) {
      if (dropped.reason === 'duplicate') continue;
      const key = dropped.reason === 'insecureType' ? 'errors.insecureType' : 'errors.fileRemoved';
      showToast({ title: t(`${key}.title`), message: t(`${key}.message`, { name: dropped.name }), kind: 'error' });
    }
    const kept = keptFiles(files, created.dropped);
    const record = pendingRecord(created, kept, { sendAs: addTo ? 'link' : form.sendAs, recipients: recipientsToSend(form).map((r) => r.email) });
    if (!addTo) savePendingSend(record);
    setBusy(false);
    setVerifying(false);
    await upload.start(
      record,
      kept.map((f, i) => ({ key: f.key, file: f.file, name: f.name, size: f.size, grant: created.uploads[i] as TUploadGrant })),
    );
  }

  async function submit() {
    if (busy) return;
    if (problems.length > 0) return setShake(problems[0] ?? null);
    const limit = limitProblem(rules);
    if (limit) return showProblem(limit);
    if (!rules.signedIn && form.sendAs === 'email' && !isSenderVerified(form.senderEmail)) return sendCode();
    await createAndUpload();
  }

  return { isVerifying, stopVerifying: () => setVerifying(false), shake, serverBlock, busy, problems, senderEmail, submit, sendCode, createAndUpload };
}
