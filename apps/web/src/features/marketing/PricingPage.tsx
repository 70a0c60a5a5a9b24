/** Placeholder: replaced by the feature's real page. */
export default function PricingPage() {
  return <main className="page"><h1>PricingPage</h1></main>;
}
