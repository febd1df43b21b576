import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useGetList } from 'react-admin';
import { formatDateTime } from '../../lib/format';
import { reasonOf } from '../errors';
import { Item, Items } from './Items';
import { actionLabel, countsText, type PrivacyRequest } from './summary';
import { WRAP } from './wrap';

const RECENT = 20;
const REQUESTS_PARAMS = { sort: { field: 'created', order: 'DESC' as const }, pagination: { page: 1, perPage: RECENT } };

/** The latest requests (privacy_requests); the screen reads them again after each of its own. */
export function useRecentRequests() {
  return useGetList<PrivacyRequest>('privacy_requests', REQUESTS_PARAMS);
}

/** Who asked: the name kept at the time (the account may be gone since); the server records superusers as 'superuser'. */
function requesterName(request: PrivacyRequest): string {
  if (!request.requested_by && request.requested_by_name === 'superuser') return 'Superusuário';
  return request.requested_by_name || 'Conta removida';
}

/** The latest requests: when, what, who and how many records; never the e-mail (the server never stores it). */
export function RecentRequests({ requests }: { requests: ReturnType<typeof useRecentRequests> }) {
  const items = requests.data ?? [];
  return (
    <Card component="section" aria-labelledby="privacy-requests">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id="privacy-requests" component="h2" variant="h6">
            Pedidos recentes
          </Typography>
          <Button size="small" startIcon={<RefreshIcon />} onClick={() => void requests.refetch()} disabled={requests.isFetching}>
            Atualizar
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Os {RECENT} pedidos mais recentes, com quem os fez e quantos registros envolveram. O e-mail consultado não é guardado.
        </Typography>
        {requests.isPending ? (
          <Typography color="text.secondary">Carregando pedidos...</Typography>
        ) : requests.isError ? (
          <Alert severity="error">Não foi possível carregar os pedidos recentes: {reasonOf(requests.error)}</Alert>
        ) : items.length === 0 ? (
          <Typography color="text.secondary">Nenhum pedido registrado ainda.</Typography>
        ) : (
          <Items>
            {items.map((request) => (
              <Item key={request.id}>
                <Box data-request={request.id}>
                  <Typography sx={{ fontWeight: 600, ...WRAP }}>
                    {actionLabel(request.action)} · {formatDateTime(request.created)}
                  </Typography>
                  <Typography variant="body2" sx={WRAP}>
                    Por {requesterName(request)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={WRAP}>
                    {request.action === 'erase'
                      ? `Excluído: ${countsText(request.counts, 'nada')}`
                      : `Encontrado: ${countsText(request.counts, 'nada')}`}
                  </Typography>
                </Box>
              </Item>
            ))}
          </Items>
        )}
      </CardContent>
    </Card>
  );
}
