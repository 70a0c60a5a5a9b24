/** Placeholder: replaced by the feature's real page. */
export default function LifetimeDealPage() {
  return <main className="page"><h1>LifetimeDealPage</h1></main>;
}
