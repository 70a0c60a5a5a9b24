/** Placeholder: replaced by the feedback widget. */
export function FeedbackWidget() {
  return null;
}
