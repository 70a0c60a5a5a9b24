import type { ReactNode } from 'react';

/** The form's error line, announced politely; `children` follow the message (a Sign In link), `after` shows with or without it. */
export function AuthError({ message, children, after }: { message: string | null; children?: ReactNode; after?: ReactNode }) {
  return (
    <div className="auth-live" aria-live="polite">
      {message ? (
        <p className="error-text" role="alert">
          {message}
          {children}
        </p>
      ) : null}
      {after}
    </div>
  );
}

/** The card's full-width submit button, with a spinner while the call runs. */
export function SubmitButton({ disabled, loading, children }: { disabled: boolean; loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button auth-card__submit" disabled={disabled}>
      {loading ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
