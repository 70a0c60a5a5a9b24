/** Placeholder: replaced by the feature's real page. */
export default function LoginPage() {
  return <main className="page"><h1>LoginPage</h1></main>;
}
