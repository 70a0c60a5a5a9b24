import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from './store';
import { hasSessionMarker } from './session.slice';
import { PageLoading } from './PageStates';

/**
 * /dash and below: a signed-in session passes; while a stored session is being restored we wait;
 * otherwise the browser goes to the login page (PRODUCT.md route guards).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useAppSelector((s) => s.session.status);
  const location = useLocation();
  if (status === 'signedIn') return <>{children}</>;
  if (status === 'unknown') return <PageLoading />;
  return <Navigate to="/login" replace state={{ from: location.pathname }} />;
}

/**
 * Home: with a stored session marker the restored session goes to the dashboard (a failed restore
 * clears the marker and goes to Login); `?ref=trial_ending` without a session goes to Login.
 */
export function RestoreSessionHome({ children }: { children: ReactNode }) {
  const status = useAppSelector((s) => s.session.status);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [hadMarker] = useState(hasSessionMarker);
  useEffect(() => {
    if (status === 'signedIn' && params.get('stay') === null) navigate('/dash', { replace: true });
  }, [status, params, navigate]);
  if (status === 'unknown' && hadMarker) return <PageLoading />;
  if (status === 'anonymous' && hadMarker) return <Navigate to="/login" replace />;
  if (status !== 'signedIn' && params.get('ref') === 'trial_ending') return <Navigate to="/login" replace />;
  return <>{children}</>;
}
