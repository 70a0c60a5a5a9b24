import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/toasts';
import { useModalFocus } from '../../components/use-modal-focus';

const COUNTDOWN_SECONDS = 3;

/**
 * The video recorder: camera at 640x480, a 3-second countdown, start/stop; the recording is added
 * to the transfer as `RecordedVideo-{timestamp}.mp4`. A modal: the keyboard stays inside it.
 */
export function VideoRecorder({ onRecorded, onClose }: { onRecorded: (file: File) => void; onClose: () => void }) {
  const { t } = useTranslation('send');
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [recording, setRecording] = useState(false);
  const [ready, setReady] = useState(false);
  // Focus moves in and back to the opener, Tab stays inside, Esc cancels.
  const { dialogRef } = useModalFocus(onClose);

  useEffect(() => {
    let alive = true;
    navigator.mediaDevices
      .getUserMedia({ video: { width: 640, height: 480 }, audio: true })
      .then((s) => {
        if (!alive) return s.getTracks().forEach((track) => track.stop());
        stream.current = s;
        if (video.current) video.current.srcObject = s;
        setReady(true);
      })
      .catch(() => {
        showToast({ title: t('video.denied'), kind: 'error' });
        onClose();
      });
    return () => {
      alive = false;
      stream.current?.getTracks().forEach((track) => track.stop());
    };
  }, [onClose, t]);

  useEffect(() => {
    if (countdown === null) return;
    if (countdown === 0) {
      setCountdown(null);
      begin();
      return;
    }
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
    // begin only reads refs
  }, [countdown]);

  function begin() {
    if (!stream.current) return;
    const chunks: Blob[] = [];
    const mp4 = MediaRecorder.isTypeSupported('video/mp4');
    const rec = new MediaRecorder(stream.current, mp4 ? { mimeType: 'video/mp4' } : undefined);
    rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    rec.onstop = () => {
      onRecorded(new File(chunks, `RecordedVideo-${Date.now()}.mp4`, { type: 'video/mp4' }));
      onClose();
    };
    recorder.current = rec;
    rec.start();
    setRecording(true);
  }

  return (
    <div ref={dialogRef} className="modal-backdrop" role="dialog" aria-modal="true" aria-label={t('video.title')} tabIndex={-1}>
      <div className="modal card video-recorder">
        <h3>{t('video.title')}</h3>
        <div className="video-recorder__stage">
          <video ref={video} autoPlay muted playsInline width={640} height={480} />
          {countdown !== null ? (
            <div className="video-recorder__countdown" aria-live="assertive">
              {countdown}
            </div>
          ) : null}
        </div>
        <div className="row">
          {recording ? (
            <button type="button" className="button button--danger" onClick={() => recorder.current?.stop()}>
              {t('video.stop')}
            </button>
          ) : (
            <button type="button" className="button" disabled={!ready || countdown !== null} onClick={() => setCountdown(COUNTDOWN_SECONDS)}>
              {t('video.start')}
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('video.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
