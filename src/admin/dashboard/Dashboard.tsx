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
import ErrorIcon from '@mui/icons-material/Error';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import WarningIcon from '@mui/icons-material/Warning';
import { visuallyHidden } from '../common/visuallyHidden';
import CommentIcon from '@mui/icons-material/Comment';
import RateReviewIcon from '@mui/icons-material/RateReview';
import UploadIcon from '@mui/icons-material/Upload';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useQuery } from '@tanstack/react-query';
import { useGetIdentity, useNotify } from 'react-admin';
import { AdminLink } from '../common/AdminLink';
import { useEffect, type ReactNode } from 'react';
import { canAccessArea } from '../access';
import { useActor } from '../common/useActor';
import { useAdminAuth } from '../authProvider';
import { reasonOf } from '../errors';
import { useAdminDataProvider } from '../dataProvider';
import type { DashboardStats } from './stats';
import { PublishingPanel, usePublicationState } from './PublishingPanel';
import { QUEUE_PATH } from '../comments/choices';
import { usePendingComments } from '../comments/usePendingComments';
import type { QueueCount } from '../common/useQueueCount';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { reviewQueuePath, useReviewQueue } from '../common/reviewQueue';
import { ValidationReport, useValidationChecks } from './ValidationReport';
import { VisitorsCard } from '../analytics/VisitorsCard';
import type { CheckResult, CheckStatus } from './validationChecks';
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
        detail={
          stats
            ? `${formatNumber(stats.posts.published)} publicados · ${formatNumber(stats.posts.git)} gerenciados pelo git`
            : 'Carregando...'
        }
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

/** The system-status items, in an editor's words, each answered by one of the report's checks. */
const SYSTEM_STATUS: { check: string; text: string }[] = [
  { check: 'admin-access', text: 'O painel administrativo abre em /admin e nos links diretos para cada tela' },
  { check: 'legacy-redirects', text: 'Links antigos do painel (/legacy-admin) levam à tela certa do painel atual' },
  { check: 'seo-files', text: 'O Google e outros buscadores recebem o mapa do site atualizado a cada publicação' },
];

const STATUS_ICONS: Record<
  CheckStatus,
  { icon: typeof CheckCircleIcon; color: 'success' | 'error' | 'warning' | 'disabled'; label: string }
> = {
  pass: { icon: CheckCircleIcon, color: 'success', label: 'Funcionando' },
  fail: { icon: ErrorIcon, color: 'error', label: 'Com problema' },
  warning: { icon: WarningIcon, color: 'warning', label: 'Atenção' },
  pending: { icon: HourglassEmptyIcon, color: 'disabled', label: 'Verificando' },
};

function SystemStatus({ results }: { results: CheckResult[] }) {
  return (
    <Card component="section" aria-labelledby="system-status" sx={{ flex: '1 1 320px' }}>
      <CardContent>
        <Typography id="system-status" component="h2" variant="h6" gutterBottom>
          Status do sistema
        </Typography>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {SYSTEM_STATUS.map(({ check, text }) => {
            const status = results.find((result) => result.id === check)?.status ?? 'pending';
            const { icon: Icon, color, label } = STATUS_ICONS[status];
            return (
              <Stack component="li" direction="row" spacing={1} key={check} sx={{ alignItems: 'center' }} data-status={status}>
                <Icon color={color} fontSize="small" aria-hidden="true" />
                <Typography variant="body2">
                  <Box component="span" sx={visuallyHidden}>
                    {label}:{' '}
                  </Box>
                  {text}
                </Typography>
              </Stack>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * For admins: e-mail is off (no SMTP server), so password resets, notifications and
 * newsletter confirmations cannot go out, and the two-step sign-in (a code by e-mail)
 * waits for it: until then the password alone signs in.
 */
function MailOffWarning() {
  const auth = useAdminAuth();
  const mail = useQuery({ queryKey: ['mail-enabled'], queryFn: () => auth.mailEnabled() });
  if (mail.data !== false) return null;
  return (
    <Alert severity="warning" data-mail="off" sx={{ mb: 2 }}>
      <AlertTitle>O envio de e-mails está desligado</AlertTitle>
      Sem um servidor SMTP, os e-mails de recuperação de senha, de confirmação de cadastro e de notificação não são enviados, e as
      inscrições na newsletter esperam como pendentes: a confirmação de cada uma sai quando o SMTP estiver configurado. Configure
      o SMTP em <AdminLink to="/settings">Configurações</AdminLink>.
      <Box component="p" data-two-step="waiting" sx={{ mb: 0 }}>
        <strong>A verificação em duas etapas espera as configurações de e-mail.</strong> Até lá, o login dos administradores pede
        só a senha; com o SMTP configurado, ele passa a pedir também um código enviado por e-mail.
      </Box>
    </Alert>
  );
}

/** How many wait in a queue, in words: 'Nenhum …' ('Nenhuma página …'), '1 …', 'N …', 'Mais de N …'. */
function queueText(queue: QueueCount, one: string, many: string, verbOne: string, verbMany: string, none = 'Nenhum') {
  if (queue.beyond) return `Mais de ${formatNumber(queue.count - 1)} ${many} ${verbMany}.`;
  if (queue.count === 0) return `${none} ${one} ${verbOne}.`;
  if (queue.count === 1) return `1 ${one} ${verbOne}.`;
  return `${formatNumber(queue.count)} ${many} ${verbMany}.`;
}

/** An editors' queue on the dashboard: how many wait, and the way to them. */
function QueueCard(props: { id: string; title: string; text: string; to: string; action: string; icon: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`queue-${props.id}`} sx={{ flex: '1 1 320px' }} data-stat={props.id}>
      <CardContent>
        <Typography id={`queue-${props.id}`} variant="h6" component="h2" gutterBottom>
          {props.title}
        </Typography>
        <Typography sx={{ mb: 1.5 }}>{props.text}</Typography>
        <Button component={AdminLink} to={props.to} variant="outlined" size="small" startIcon={props.icon}>
          {props.action}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Comments waiting for moderation, posts and pages waiting for review, for those who handle them. */
function Queues() {
  const pending = usePendingComments();
  const review = useReviewQueue('posts');
  const pagesReview = useReviewQueue('pages');
  return (
    <>
      {review ? (
        <QueueCard
          id="review"
          title="Para revisar"
          text={queueText(review, 'post', 'posts', 'aguarda revisão', 'aguardam revisão')}
          to={reviewQueuePath('posts')}
          action="Revisar posts"
          icon={<RateReviewIcon />}
        />
      ) : null}
      {pagesReview ? (
        <QueueCard
          id="review-pages"
          title="Páginas para revisar"
          text={queueText(pagesReview, 'página', 'páginas', 'aguarda revisão', 'aguardam revisão', 'Nenhuma')}
          to={reviewQueuePath('pages')}
          action="Revisar páginas"
          icon={<RateReviewIcon />}
        />
      ) : null}
      {pending ? (
        <QueueCard
          id="comments"
          title="Comentários"
          text={queueText(pending, 'comentário', 'comentários', 'aguarda moderação', 'aguardam moderação')}
          to={QUEUE_PATH}
          action="Moderar comentários"
          icon={<CommentIcon />}
        />
      ) : null}
    </>
  );
}

export default function Dashboard() {
  useDocumentTitle('Dashboard');
  const { identity } = useGetIdentity();
  const { actor } = useActor();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const stats = useQuery({ queryKey: ['admin-stats'], queryFn: () => dataProvider.stats(), refetchInterval: 60_000 });
  const checks = useValidationChecks();
  const publication = usePublicationState(can(actor, 'publish'));
  useEffect(() => {
    if (stats.error) notify(`Erro ao carregar estatísticas: ${reasonOf(stats.error)}`, { type: 'error' });
  }, [stats.error, notify]);

  return (
    <Box sx={{ py: 2 }}>
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
        <SystemStatus results={checks.results} />
        <Queues />
        {can(actor, 'editor') ? <VisitorsCard /> : null}
      </Stack>
      {can(actor, 'publish') ? (
        <Box sx={{ mt: 2 }}>
          <PublishingPanel />
        </Box>
      ) : null}
      <Box sx={{ mt: 2 }}>
        <ValidationReport checks={checks} publicationFailed={Boolean(publication.failure)} />
      </Box>
    </Box>
  );
}
