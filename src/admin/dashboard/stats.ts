/** The dashboard's live numbers (GET /api/admin/stats, pb_hooks/lib/stats.js). */
import type PocketBase from 'pocketbase';

export interface DashboardStats {
  /** Only for admins. */
  users?: { total: number; active: number; new_this_week: number };
  posts: { total: number; published: number; drafts: number; scheduled: number };
  media: { total: number; size_mb: number };
}

export function fetchStats(pb: PocketBase): Promise<DashboardStats> {
  return pb.send<DashboardStats>('/api/admin/stats', { method: 'GET', requestKey: null });
}
