/** Placeholder: replaced by the feature's real page. */
export default function AboutPage() {
  return <main className="page"><h1>AboutPage</h1></main>;
}
