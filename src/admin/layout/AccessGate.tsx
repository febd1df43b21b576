/**
 * The admin's access gate: a spinner while the session is checked; no session
 * → the login screen; an inactive account → 'Conta Inativa'; otherwise the panel.
 * It also ends the session when the token expires (8 h after sign-in) or the server
 * stops accepting it (an admin changed the role or deactivated the account).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useAuthState, useGetIdentity, useLogout, useNotify } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { useAdminPath } from '../common/AdminLink';
import { useAdminAuth } from '../authProvider';
import { Toast } from '../common/Toast';

const VERIFY_INTERVAL_MS = 30_000;

export function Spinner({ label = 'Carregando...' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '50vh', gap: 2 }}>
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

function InactiveAccount() {
  const logout = useLogout();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ p: 4, maxWidth: 440, textAlign: 'center' }}>
        <BlockIcon color="error" sx={{ fontSize: 48 }} aria-hidden="true" />
        <Typography sx={{ fontWeight: 700 }} component="h1" variant="h5" gutterBottom>
          Conta Inativa
        </Typography>
        <Typography color="text.secondary">Sua conta foi desativada. Entre em contato com o administrador.</Typography>
        <Button sx={{ mt: 3 }} variant="contained" onClick={() => logout()}>
          Sair
        </Button>
      </Paper>
    </Box>
  );
}

/** Signs out with the 'Sessão expirada' notice when the session ends by itself. */
function useSessionWatch() {
  const logout = useLogout();
  const notify = useNotify();
  const auth = useAdminAuth();
  useEffect(() => {
    const expire = () => {
      auth.endSession();
      notify(<Toast title="Sessão expirada" description="Por segurança, sua sessão foi encerrada." />, {
        type: 'warning',
        autoHideDuration: 8000,
      });
      logout({}, undefined, false);
    };
    const check = async () => {
      const session = auth.session();
      if (!session.present) return;
      if (!session.valid || !(await auth.verifySession())) expire();
    };
    const untilExpiry = auth.session().expiresAt - Date.now();
    // setTimeout holds at most ~24.8 days; tokens live 8 h.
    const timer = window.setTimeout(expire, Math.max(0, Math.min(untilExpiry, 2 ** 31 - 1)));
    const interval = window.setInterval(check, VERIFY_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [logout, notify, auth]);
}

function ActivePanel({ children }: { children: ReactNode }) {
  useSessionWatch();
  return <>{children}</>;
}

/** Whether the stored account is marked inactive (at sign-in, or when a request finds it deactivated). */
function useStoredInactive(): boolean {
  const auth = useAdminAuth();
  return useSyncExternalStore(auth.onSessionChange, auth.storedInactive);
}

export function AccessGate({ children }: { children: ReactNode }) {
  const { isPending, authenticated } = useAuthState({}, false);
  const { identity, isPending: identityPending } = useGetIdentity();
  const storedInactive = useStoredInactive();
  const adminPath = useAdminPath();
  const location = useLocation();
  if (isPending || (authenticated && identityPending)) return <Spinner />;
  // No session: the sign-in screen, which comes back here after signing in.
  if (!authenticated || !identity)
    return <Navigate to={adminPath('/login')} replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  if (!identity.isActive || storedInactive) return <InactiveAccount />;
  return <ActivePanel>{children}</ActivePanel>;
}
