/** Placeholder: replaced by the feature's real page. */
export default function InvitePage() {
  return <main className="page"><h1>InvitePage</h1></main>;
}
