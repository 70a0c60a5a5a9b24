/** Placeholder: replaced by the feature's real page. */
export default function UpdatePasswordPage() {
  return <main className="page"><h1>UpdatePasswordPage</h1></main>;
}
