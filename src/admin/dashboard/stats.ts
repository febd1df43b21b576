/** The dashboard's live numbers (GET /api/admin/stats, pb_hooks/lib/dashboard/stats.js), read through the data provider's `stats`. */
export interface DashboardStats {
  /** Only for admins. */
  users?: { total: number; active: number; new_this_week: number };
  /** `total` and `published` include the `git` articles (MDX files in the repository). */
  posts: { total: number; published: number; drafts: number; scheduled: number; git: number };
  media: { total: number; size_mb: number };
}
