import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/toasts';
import { beep, fileTimestamp } from './beep';
import { MicIcon } from './icons';

interface VoiceMemoProps {
  memo: File | null;
  onChange: (memo: File | null) => void;
}

/**
 * The voice memo: a start beep, recording (webm), a stop beep; the memo joins the transfer as a
 * file named with a timestamp. Opening the recorder again clears the previous memo (replace).
 */
export function VoiceMemo({ memo, onChange }: VoiceMemoProps) {
  const { t } = useTranslation('send');
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const cancelled = useRef(false);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!memo) return setUrl(null);
    const next = URL.createObjectURL(memo);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [memo]);

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [recording]);

  async function start() {
    onChange(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      window.alert(t('voice.denied'));
      showToast({ title: t('voice.denied'), kind: 'error' });
      return;
    }
    await beep(880);
    const chunks: Blob[] = [];
    const mimeType = MediaRecorder.isTypeSupported('audio/webm;codecs=opus') ? 'audio/webm;codecs=opus' : 'audio/webm';
    const rec = new MediaRecorder(stream, { mimeType });
    rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    rec.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      if (cancelled.current) return;
      onChange(new File(chunks, `VoiceMemo-${fileTimestamp()}.webm`, { type: 'audio/webm' }));
    };
    cancelled.current = false;
    recorder.current = rec;
    rec.start();
    setSeconds(0);
    setRecording(true);
  }

  function stop(cancel: boolean) {
    cancelled.current = cancel;
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
    void beep(440);
  }

  if (recording) {
    return (
      <div className="voice-memo voice-memo--recording" role="group" aria-label={t('voice.label')}>
        <span className="voice-memo__dot" aria-hidden="true" />
        <span aria-live="polite">{t('voice.recording', { seconds })}</span>
        <button type="button" className="button button--ghost" onClick={() => stop(false)}>
          {t('voice.stop')}
        </button>
        <button type="button" className="link-button" onClick={() => stop(true)}>
          {t('voice.cancel')}
        </button>
      </div>
    );
  }
  if (memo && url) {
    return (
      <div className="voice-memo" role="group" aria-label={t('voice.label')}>
        <audio controls src={url} aria-label={t('voice.label')} />
        <button type="button" className="link-button" onClick={() => void start()}>
          {t('voice.replace')}
        </button>
        <button type="button" className="link-button" onClick={() => onChange(null)}>
          {t('voice.remove')}
        </button>
      </div>
    );
  }
  return (
    <button type="button" className="chip-button" onClick={() => void start()}>
      <MicIcon /> {t('voice.record')}
    </button>
  );
}
