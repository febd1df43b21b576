/**
 * The admin home: greeting, live numbers (GET /api/admin/stats), quick actions,
 * system status and the validation report.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CommentIcon from '@mui/icons-material/Comment';
import UploadIcon from '@mui/icons-material/Upload';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useQuery } from '@tanstack/react-query';
import { Title, useGetIdentity, useNotify } from 'react-admin';
import { AdminLink } from '../common/AdminLink';
import { useEffect } from 'react';
import { canAccessArea } from '../access';
import { useActor } from '../common/useActor';
import { useAdminAuth } from '../authProvider';
import { reasonOf } from '../errors';
import { useAdminDataProvider } from '../dataProvider';
import type { DashboardStats } from './stats';
import { PublishingPanel } from './PublishingPanel';
import { QUEUE_PATH } from '../comments/choices';
import { usePendingComments } from '../comments/usePendingComments';
import { ValidationReport } from './ValidationReport';
import { can } from '../../lib/permissions';
import { formatNumber } from '../../lib/format';

function StatCard({ title, value, detail, id }: { title: string; value: string | number; detail: string; id: string }) {
  return (
    <Card component="section" aria-labelledby={`stat-${id}`} sx={{ flex: '1 1 200px' }} data-stat={id}>
      <CardContent>
        <Typography id={`stat-${id}`} component="h2" variant="subtitle2" color="text.secondary">
          {title}
        </Typography>
        <Typography sx={{ fontWeight: 700 }} component="p" variant="h4" data-value>
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-detail>
          {detail}
        </Typography>
      </CardContent>
    </Card>
  );
}

function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  const dash = '–';
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
      {stats?.users || !stats ? (
        <StatCard
          id="users"
          title="Usuários"
          value={stats?.users ? formatNumber(stats.users.total) : dash}
          detail={
            stats?.users
              ? `${formatNumber(stats.users.active)} ativos · ${formatNumber(stats.users.new_this_week)} novos nesta semana`
              : 'Carregando...'
          }
        />
      ) : null}
      <StatCard
        id="posts"
        title="Posts"
        value={stats ? formatNumber(stats.posts.total) : dash}
        detail={stats ? `${formatNumber(stats.posts.published)} publicados` : 'Carregando...'}
      />
      <StatCard
        id="media"
        title="Mídia"
        value={stats ? formatNumber(stats.media.total) : dash}
        detail={stats ? `${formatNumber(stats.media.size_mb, { decimals: 2 })} MB no total` : 'Carregando...'}
      />
      <StatCard
        id="drafts"
        title="Rascunhos"
        value={stats ? formatNumber(stats.posts.drafts) : dash}
        detail={stats ? `${formatNumber(stats.posts.scheduled)} agendados` : 'Carregando...'}
      />
    </Stack>
  );
}

function QuickActions() {
  const { actor } = useActor();
  return (
    <Card component="section" aria-labelledby="quick-actions" sx={{ flex: '1 1 320px' }}>
      <CardContent>
        <Typography id="quick-actions" component="h2" variant="h6" gutterBottom>
          Ações rápidas
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {canAccessArea(actor, 'posts', 'create') ? (
            <Button component={AdminLink} to="/posts/create" variant="contained" startIcon={<AddIcon />}>
              Novo Post
            </Button>
          ) : null}
          {canAccessArea(actor, 'media', 'create') ? (
            <Button component={AdminLink} to="/media?upload=1" variant="outlined" startIcon={<UploadIcon />}>
              Upload de Mídia
            </Button>
          ) : null}
          {canAccessArea(actor, 'users', 'create') ? (
            <Button component={AdminLink} to="/users/create" variant="outlined" startIcon={<PersonAddIcon />}>
              Novo Usuário
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

const SYSTEM_STATUS = [
  'Área administrativa unificada em /admin/*',
  'Redirecionamentos de /legacy-admin/* configurados',
  'Arquivos de SEO (robots.txt e sitemap.xml) atualizados a cada publicação',
];

function SystemStatus() {
  return (
    <Card component="section" aria-labelledby="system-status" sx={{ flex: '1 1 320px' }}>
      <CardContent>
        <Typography id="system-status" component="h2" variant="h6" gutterBottom>
          Status do sistema
        </Typography>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {SYSTEM_STATUS.map((item) => (
            <Stack component="li" direction="row" spacing={1} key={item} sx={{ alignItems: 'center' }}>
              <CheckCircleIcon color="success" fontSize="small" aria-hidden="true" />
              <Typography variant="body2">{item}</Typography>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** For admins: e-mail is off (no SMTP server), so password resets and notifications cannot go out. */
function MailOffWarning() {
  const auth = useAdminAuth();
  const mail = useQuery({ queryKey: ['mail-enabled'], queryFn: () => auth.mailEnabled() });
  if (mail.data !== false) return null;
  return (
    <Alert severity="warning" data-mail="off" sx={{ mb: 2 }}>
      <AlertTitle>O envio de e-mails está desligado</AlertTitle>
      Sem um servidor SMTP, os e-mails de recuperação de senha, de confirmação de cadastro e de notificação não são enviados.
      Configure o SMTP em <AdminLink to="/settings">Configurações</AdminLink>.
    </Alert>
  );
}

/** Comments waiting for moderation, for those who moderate, with the way to the queue. */
function CommentQueue() {
  const pending = usePendingComments();
  if (!pending) return null;
  const text = pending.beyond
    ? `Mais de ${formatNumber(pending.count - 1)} comentários aguardam moderação.`
    : pending.count === 1
      ? '1 comentário aguarda moderação.'
      : pending.count === 0
        ? 'Nenhum comentário aguarda moderação.'
        : `${formatNumber(pending.count)} comentários aguardam moderação.`;
  return (
    <Card component="section" aria-labelledby="comment-queue" sx={{ flex: '1 1 320px' }} data-stat="comments">
      <CardContent>
        <Typography id="comment-queue" variant="h6" component="h2" gutterBottom>
          Comentários
        </Typography>
        <Typography sx={{ mb: 1.5 }}>{text}</Typography>
        <Button component={AdminLink} to={QUEUE_PATH} variant="outlined" size="small" startIcon={<CommentIcon />}>
          Moderar comentários
        </Button>
      </CardContent>
    </Card>
  );
}

export default function Dashboard() {
  const { identity } = useGetIdentity();
  const { actor } = useActor();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const stats = useQuery({ queryKey: ['admin-stats'], queryFn: () => dataProvider.stats(), refetchInterval: 60_000 });
  useEffect(() => {
    if (stats.error) notify(`Erro ao carregar estatísticas: ${reasonOf(stats.error)}`, { type: 'error' });
  }, [stats.error, notify]);

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Dashboard" />
      <Typography sx={{ fontWeight: 700 }} component="h1" variant="h4" gutterBottom>
        Olá, {identity?.fullName ?? ''}!
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Bem-vindo ao painel administrativo.
      </Typography>
      {can(actor, 'admin') ? <MailOffWarning /> : null}
      <StatCards stats={stats.data} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 2 }}>
        <QuickActions />
        <SystemStatus />
        <CommentQueue />
      </Stack>
      {can(actor, 'publish') ? (
        <Box sx={{ mt: 2 }}>
          <PublishingPanel />
        </Box>
      ) : null}
      <Box sx={{ mt: 2 }}>
        <ValidationReport />
      </Box>
    </Box>
  );
}
