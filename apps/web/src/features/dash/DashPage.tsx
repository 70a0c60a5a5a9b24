/** Placeholder: replaced by the feature's real page. */
export default function DashPage() {
  return <main className="page"><h1>DashPage</h1></main>;
}
