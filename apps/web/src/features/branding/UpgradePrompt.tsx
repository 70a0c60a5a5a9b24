import { Link } from 'react-router';

/** Free (or not Business) accounts see what a tab does and the way to the plan tab. */
export function UpgradePrompt({ title, lead, action }: { title: string; lead: string; action: string }) {
  return (
    <section className="dash-card upgrade-prompt">
      <h3 className="upgrade-prompt__title">{title}</h3>
      <p>{lead}</p>
      <Link className="button" to="/dash/account/1">
        {action}
      </Link>
    </section>
  );
}
