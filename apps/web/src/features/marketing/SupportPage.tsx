/** Placeholder: replaced by the feature's real page. */
export default function SupportPage() {
  return <main className="page"><h1>SupportPage</h1></main>;
}
