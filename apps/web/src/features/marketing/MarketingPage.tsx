/** Placeholder: replaced by the feature's real page. */
export default function MarketingPage({ page }: { page: 'send-big-files' | 'transfer-files-to-china' | 'china-trade-fairs' }) {
  return <main className="page"><h1>{page}</h1></main>;
}
