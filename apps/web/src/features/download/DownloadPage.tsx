/** Placeholder: replaced by the feature's real page. */
export default function DownloadPage() {
  return <main className="page"><h1>DownloadPage</h1></main>;
}
