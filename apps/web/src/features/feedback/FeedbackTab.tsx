import { Suspense, useEffect, useState } from 'react';
import { lazyPage } from '../../app/lazy';
import { FEEDBACK_DELAY_MS } from './feedback-rules';

const FeedbackWidget = lazyPage(async () => ({ default: (await import('./FeedbackWidget')).FeedbackWidget }));

/**
 * The feedback tab appears 3.2 s after load; its code (the form, the email check, its API) and its
 * words load then, not with the page (fetched ahead, they counted in the home page's measured load).
 */
export function FeedbackTab() {
  const [isDue, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), FEEDBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!isDue) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackWidget />
    </Suspense>
  );
}
