import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useLocation } from 'react-router-dom';
import { useBasename } from 'react-admin';
import { areaOfPath, lastVisitedArea } from './areaTracker';
import { DENIED_MESSAGES, type Area } from '../access';

/** 'Acesso Negado' with the text (access.ts) for the area in the address (or the given one). */
export function AccessDenied({ area }: { area?: Area }) {
  const location = useLocation();
  const basename = useBasename();
  const current = areaOfPath(location.pathname, basename);
  const fromPath = (current === 'access-denied' ? lastVisitedArea() : current) as Area;
  const message = DENIED_MESSAGES[area ?? fromPath] ?? 'Você não tem permissão para acessar esta página.';
  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Alert severity="error" role="alert">
        <AlertTitle component="h1" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          Acesso Negado
        </AlertTitle>
        {message}
      </Alert>
    </Box>
  );
}
