/** Placeholder: replaced by the feature's real page. */
export default function RoadmapPage() {
  return <main className="page"><h1>RoadmapPage</h1></main>;
}
