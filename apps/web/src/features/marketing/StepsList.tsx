/** Numbered steps ("how it works"). */
export function StepsList({ steps }: { steps: string[] }) {
  return (
    <ol className="mk-steps">
      {steps.map((step, index) => (
        <li key={step} className="mk-steps__item">
          <span className="mk-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          <span>{step}</span>
        </li>
      ))}
    </ol>
  );
}
