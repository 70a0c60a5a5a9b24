import { Link } from 'react-router';
import { useAppSelector } from '../app/store';
import { LanguageSwitch } from './LanguageSwitch';

/** Placeholder header: replaced by the full public / logged-in header. */
export function Header() {
  const signedIn = useAppSelector((s) => s.session.status === 'signedIn');
  return (
    <header className="site-header">
      <Link to="/" className="logo">
        Ferry
      </Link>
      <nav>
        <Link to="/pricing">Pricing</Link> {signedIn ? <Link to="/dash">Dash</Link> : <Link to="/login">Log in</Link>}
      </nav>
      <LanguageSwitch />
    </header>
  );
}
