/** Placeholder: replaced by the feature's real page. */
export default function AffiliatePage() {
  return <main className="page"><h1>AffiliatePage</h1></main>;
}
