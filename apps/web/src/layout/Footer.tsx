/** Placeholder footer: replaced by the full footer. */
export function Footer() {
  return <footer className="site-footer" />;
}
