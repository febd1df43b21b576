/**
 * The sidebar, built as in react-admin's demo: the registered resources (their
 * `icon` and translated name, `resources.<name>.name`), then the screens that are
 * not resources. Each entry shows only to the roles that may open it (src/admin/access.ts,
 * from src/lib/permissions.ts), decided at once from the loaded permissions so the
 * menu never fills in entry by entry. 'Comentários' carries the number waiting for
 * moderation; 'Para revisar', after the posts, those an author sent for review, and
 * 'Páginas para revisar', after the pages, those an editor handed to another.
 */
import Badge from '@mui/material/Badge';
import BackupIcon from '@mui/icons-material/Backup';
import InsightsIcon from '@mui/icons-material/Insights';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import RateReviewIcon from '@mui/icons-material/RateReview';
import SettingsIcon from '@mui/icons-material/Settings';
import { createElement } from 'react';
import { Menu, useBasename, useCreatePath, useGetResourceLabel, useResourceDefinitions } from 'react-admin';
import { canAccessArea, type Area } from '../access';
import { useActor } from '../common/useActor';
import { usePendingComments } from '../comments/usePendingComments';
import { reviewQueuePath, useReviewQueue, type ReviewedResource } from '../common/reviewQueue';
import type { QueueCount } from '../common/useQueueCount';

/** An icon with its queue's count, when there is one. */
function counted(icon: typeof BackupIcon, queue: QueueCount | null) {
  if (!queue?.count) return createElement(icon);
  return (
    <Badge badgeContent={queue.count} max={99} color="error">
      {createElement(icon)}
    </Badge>
  );
}

/** The review queue after each reviewed resource (admin.menu in src/admin/i18n/panel.ts). */
const REVIEW_LABELS: Record<ReviewedResource, string> = { posts: 'admin.menu.review', pages: 'admin.menu.review_pages' };

/** Custom routes (App.tsx) shown after the resources. */
const SCREENS: { area: Area; to: string; label: string; icon: typeof BackupIcon }[] = [
  { area: 'analytics', to: '/analytics', label: 'admin.menu.analytics', icon: InsightsIcon },
  { area: 'backups', to: '/backups', label: 'admin.menu.backups', icon: BackupIcon },
  { area: 'privacy', to: '/privacy', label: 'admin.menu.privacy', icon: PrivacyTipIcon },
  { area: 'settings', to: '/settings', label: 'admin.menu.settings', icon: SettingsIcon },
];

export function AdminMenu() {
  const { actor } = useActor();
  const resources = useResourceDefinitions();
  const resourceLabel = useGetResourceLabel();
  const createPath = useCreatePath();
  const basename = useBasename();
  const pending = usePendingComments();
  const reviews: Record<ReviewedResource, QueueCount | null> = { posts: useReviewQueue('posts'), pages: useReviewQueue('pages') };
  const iconOf = (name: string, icon: typeof BackupIcon | undefined) =>
    icon ? counted(icon, name === 'comments' ? pending : null) : undefined;
  return (
    <Menu>
      <Menu.DashboardItem />
      {Object.values(resources)
        .filter((resource) => resource.hasList && canAccessArea(actor, resource.name, 'list'))
        .flatMap(({ name, icon }) => [
          <Menu.Item
            key={name}
            to={createPath({ resource: name, type: 'list' })}
            primaryText={resourceLabel(name, 2)}
            leftIcon={iconOf(name, icon)}
          />,
          ...((name === 'posts' || name === 'pages') && reviews[name]
            ? [
                <Menu.Item
                  key={`review-${name}`}
                  to={`${basename}${reviewQueuePath(name)}`}
                  primaryText={REVIEW_LABELS[name]}
                  leftIcon={counted(RateReviewIcon, reviews[name])}
                />,
              ]
            : []),
        ])}
      {SCREENS.filter((screen) => canAccessArea(actor, screen.area, 'list')).map((screen) => (
        <Menu.Item key={screen.area} to={`${basename}${screen.to}`} primaryText={screen.label} leftIcon={<screen.icon />} />
      ))}
    </Menu>
  );
}
