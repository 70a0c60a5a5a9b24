/** Placeholder: replaced by the feature's real page. */
export default function RegisterPage() {
  return <main className="page"><h1>RegisterPage</h1></main>;
}
