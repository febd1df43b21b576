import ArticleIcon from '@mui/icons-material/Article';
import BackupIcon from '@mui/icons-material/Backup';
import DescriptionIcon from '@mui/icons-material/Description';
import HistoryIcon from '@mui/icons-material/History';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import SettingsIcon from '@mui/icons-material/Settings';
import SubscriptionsIcon from '@mui/icons-material/MarkEmailRead';
import { Menu, useBasename } from 'react-admin';
import { canAccessArea, type Area } from '../access';
import { useActor } from '../common/useActor';

/** Sidebar entries in the spec's order; each shows only to the roles that may open it. */
export const MENU_ENTRIES: { area: Area; to: string; label: string; icon: React.ReactElement }[] = [
  { area: 'users', to: '/users', label: 'Usuários', icon: <PeopleIcon /> },
  { area: 'posts', to: '/posts', label: 'Posts', icon: <ArticleIcon /> },
  { area: 'pages', to: '/pages', label: 'Páginas', icon: <DescriptionIcon /> },
  { area: 'media', to: '/media', label: 'Mídia', icon: <PermMediaIcon /> },
  { area: 'messages', to: '/messages', label: 'Mensagens', icon: <MailIcon /> },
  { area: 'newsletter', to: '/newsletter', label: 'Newsletter', icon: <SubscriptionsIcon /> },
  { area: 'audit', to: '/audit', label: 'Auditoria', icon: <HistoryIcon /> },
  { area: 'backups', to: '/backups', label: 'Backups', icon: <BackupIcon /> },
  { area: 'settings', to: '/settings', label: 'Configurações', icon: <SettingsIcon /> },
];

export function AdminMenu() {
  const { actor } = useActor();
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Dashboard" />
      {MENU_ENTRIES.filter((entry) => canAccessArea(actor, entry.area, 'list')).map((entry) => (
        <Menu.Item key={entry.area} to={`${basename}${entry.to}`} primaryText={entry.label} leftIcon={entry.icon} />
      ))}
    </Menu>
  );
}
