/** Placeholder: replaced by the quick-send panel. */
export function QuickSendPanel() {
  return <section className="quick-send card" aria-label="Quick send" />;
}
