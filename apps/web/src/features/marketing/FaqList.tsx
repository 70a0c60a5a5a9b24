import type { CopyItem } from './use-copy';

/** Questions as <details>: keyboard-operable, and the answers are in the page for search engines. */
export function FaqList({ items }: { items: CopyItem[] }) {
  return (
    <div className="mk-faq">
      {items.map((item) => (
        <details key={item.title} className="mk-faq__item">
          <summary>{item.title}</summary>
          <p>{item.text}</p>
        </details>
      ))}
    </div>
  );
}
