import type { ReactNode } from 'react';

/** A page-level message of the recipient pages: not found, expired, disabled, something went wrong. */
export function StateCard({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="card download-state">
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {children}
    </section>
  );
}
