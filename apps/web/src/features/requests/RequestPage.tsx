/** Placeholder: replaced by the feature's real page. */
export default function RequestPage() {
  return <main className="page"><h1>RequestPage</h1></main>;
}
