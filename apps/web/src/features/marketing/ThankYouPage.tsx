/** Placeholder: replaced by the feature's real page. */
export default function ThankYouPage({ variant = 'first' }: { variant?: 'first' | 'second' }) {
  return <main className="page"><h1>ThankYouPage {variant}</h1></main>;
}
