/** Placeholder: replaced by the feature's real page. */
export default function FeaturePage() {
  return <main className="page"><h1>FeaturePage</h1></main>;
}
