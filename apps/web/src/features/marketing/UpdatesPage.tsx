/** Placeholder: replaced by the feature's real page. */
export default function UpdatesPage() {
  return <main className="page"><h1>UpdatesPage</h1></main>;
}
