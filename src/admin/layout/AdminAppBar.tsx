import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ChatIcon from '@mui/icons-material/Chat';
import CommentIcon from '@mui/icons-material/Comment';
import MailIcon from '@mui/icons-material/Mail';
import HelpIcon from '@mui/icons-material/HelpOutlined';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonIcon from '@mui/icons-material/Person';
import RateReviewIcon from '@mui/icons-material/RateReview';
import SettingsIcon from '@mui/icons-material/Settings';
import { useState } from 'react';
import { AppBar, UserMenu, useGetIdentity, useGetList, useLogout, useUserMenu } from 'react-admin';
import { EXACT_TOTAL_LIMIT } from '../dataProvider';
import { markSignOut } from '../session';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { AdminLink } from '../common/AdminLink';
import { chatLinkWithText } from '../../config/site';
import { can } from '../../lib/permissions';
import { RoleBadge } from '../common/RoleBadge';
import { useActor } from '../common/useActor';
import { QUEUE_PATH } from '../comments/choices';
import { usePendingComments } from '../comments/usePendingComments';
import { reviewQueuePath, useReviewQueue } from '../common/reviewQueue';
import { HelpDialog } from './HelpDialog';

const DEMO_TEXT = 'Olá! Gostaria de solicitar uma demonstração dos produtos Operium.';

/** A count as the bell says it: "3 comentários pendentes", "mais de 250 …". */
function countLabel(count: number, beyond: boolean, one: string, many: string): string {
  if (beyond) return `mais de ${EXACT_TOTAL_LIMIT} ${many}`;
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}

/**
 * The bell, for those who moderate: comments waiting for moderation, unread contact
 * messages, and posts and pages sent for review, each leading to its queue (the
 * sidebar's and the dashboard's counts: the same queries).
 */
const BADGE_MAX = 99;

function NotificationBell() {
  const { actor } = useActor();
  const allowed = can(actor, 'editor');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const comments = usePendingComments();
  const postsInReview = useReviewQueue('posts');
  const pagesInReview = useReviewQueue('pages');
  const { total, pageInfo } = useGetList(
    'messages',
    { pagination: { page: 1, perPage: 1 }, filter: { read: false } },
    { enabled: allowed, refetchInterval: 60_000 },
  );
  if (!allowed) return null;
  // Past EXACT_TOTAL_LIMIT matches the data provider gives no exact total (only pageInfo).
  const messagesBeyond = total === undefined && Boolean(pageInfo?.hasNextPage);
  const messages = messagesBeyond ? EXACT_TOTAL_LIMIT + 1 : (total ?? 0);
  const pending = comments?.count ?? 0;
  const commentsLabel = countLabel(pending, Boolean(comments?.beyond), 'comentário pendente', 'comentários pendentes');
  const messagesLabel = countLabel(messages, messagesBeyond, 'mensagem não lida', 'mensagens não lidas');
  const posts = postsInReview?.count ?? 0;
  const pages = pagesInReview?.count ?? 0;
  const reviewLabels = [
    posts ? countLabel(posts, Boolean(postsInReview?.beyond), 'post para revisar', 'posts para revisar') : '',
    pages ? countLabel(pages, Boolean(pagesInReview?.beyond), 'página para revisar', 'páginas para revisar') : '',
  ].filter(Boolean);
  // The review queues are named only when something waits: the bell's name stays short.
  const label = [commentsLabel, messagesLabel, ...reviewLabels].join(', ');
  const count = pending + messages + posts + pages;
  // The name starts with the badge's text, as shown ("99+"): WCAG 2.5.3, checked by axe.
  const badge = count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={`${badge} ${count === 1 ? 'notificação' : 'notificações'}: ${label}`}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count} max={BADGE_MAX} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem component={AdminLink} to={QUEUE_PATH} onClick={close}>
          <ListItemIcon>
            <CommentIcon />
          </ListItemIcon>
          <ListItemText>Comentários pendentes ({pending})</ListItemText>
        </MenuItem>
        <MenuItem component={AdminLink} to="/messages?filter=%7B%22read%22%3Afalse%7D" onClick={close}>
          <ListItemIcon>
            <MailIcon />
          </ListItemIcon>
          <ListItemText>Mensagens não lidas ({messages})</ListItemText>
        </MenuItem>
        <MenuItem component={AdminLink} to={reviewQueuePath('posts')} onClick={close}>
          <ListItemIcon>
            <RateReviewIcon />
          </ListItemIcon>
          <ListItemText>Posts para revisar ({posts})</ListItemText>
        </MenuItem>
        <MenuItem component={AdminLink} to={reviewQueuePath('pages')} onClick={close}>
          <ListItemIcon>
            <RateReviewIcon />
          </ListItemIcon>
          <ListItemText>Páginas para revisar ({pages})</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

function UserMenuHeader() {
  const { identity } = useGetIdentity();
  if (!identity) return null;
  return (
    <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', mb: 0.5 }}>
      <Typography sx={{ fontWeight: 600 }}>{identity.fullName}</Typography>
      <Typography variant="body2" color="text.secondary">
        {String(identity.email ?? '')}
      </Typography>
    </Box>
  );
}

function MenuLink({ to, label, icon }: { to: string; label: string; icon: React.ReactNode }) {
  const userMenu = useUserMenu();
  return (
    <MenuItem component={AdminLink} to={to} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}

function HelpItem({ onOpen }: { onOpen: () => void }) {
  const userMenu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <HelpIcon />
      </ListItemIcon>
      <ListItemText>Ajuda</ListItemText>
    </MenuItem>
  );
}

function LogoutItem() {
  const logout = useLogout();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        // The login screen says 'Logout realizado' (react-admin clears its state on logout).
        markSignOut('logout');
        void logout();
      }}
    >
      <ListItemIcon>
        <LogoutIcon />
      </ListItemIcon>
      <ListItemText>Sair</ListItemText>
    </MenuItem>
  );
}

export function AdminAppBar() {
  const { actor } = useActor();
  const { identity } = useGetIdentity();
  // react-admin's UserMenu shows the name from this breakpoint up.
  const showsName = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <>
      <AppBar
        color="primary"
        userMenu={
          // Where the button shows the name, its accessible name must contain it (WCAG 2.5.3);
          // elsewhere (phones) react-admin shows an icon and translates the label, so a key.
          <UserMenu label={showsName && identity?.fullName ? `Menu da conta de ${identity.fullName}` : 'admin.menu.account'}>
            <UserMenuHeader />
            <MenuLink to="/profile" label="Perfil" icon={<PersonIcon />} />
            {can(actor, 'admin') ? <MenuLink to="/settings" label="Configurações" icon={<SettingsIcon />} /> : null}
            <HelpItem onOpen={() => setHelpOpen(true)} />
            <LogoutItem />
          </UserMenu>
        }
      >
        {/* On a phone the name gives way (an ellipsis) so the bell and the account menu stay on screen. */}
        <Typography
          component="span"
          variant="h6"
          noWrap
          sx={{ fontSize: { xs: '1rem', sm: '1.1rem' }, fontWeight: 700, mr: 1.5, minWidth: 0 }}
        >
          Painel Administrativo
        </Typography>
        {actor ? (
          <Box sx={{ bgcolor: 'white', borderRadius: 4, display: { xs: 'none', sm: 'inline-flex' } }}>
            <RoleBadge role={String(actor.role)} />
          </Box>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          startIcon={<ChatIcon />}
          href={chatLinkWithText(DEMO_TEXT)}
          target="_blank"
          rel="noopener"
          sx={{ display: { xs: 'none', md: 'inline-flex' }, mr: 1 }}
        >
          Solicitar Demonstração
        </Button>
        <NotificationBell />
      </AppBar>
      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}
