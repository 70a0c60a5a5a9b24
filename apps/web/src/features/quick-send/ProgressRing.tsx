/** The percentage ring of the progress view. */
export function ProgressRing({ percent, label }: { percent: number; label: string }) {
  const r = 52;
  const c = 2 * Math.PI * r;
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <div className="progress-ring" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.floor(clamped)}>
      <svg viewBox="0 0 120 120" width="160" height="160" aria-hidden="true">
        <circle cx="60" cy="60" r={r} className="progress-ring__track" />
        <circle cx="60" cy="60" r={r} className="progress-ring__bar" strokeDasharray={c} strokeDashoffset={c * (1 - clamped / 100)} />
      </svg>
      <span className="progress-ring__text">{Math.floor(clamped)}%</span>
    </div>
  );
}
