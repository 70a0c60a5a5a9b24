/** Placeholder: replaced by the feature's real page. */
export default function ExtensionPage() {
  return <main className="page"><h1>ExtensionPage</h1></main>;
}
