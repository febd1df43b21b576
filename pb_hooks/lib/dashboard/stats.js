// Live numbers for the admin dashboard, counted in SQL (cheap at any size). The users
// card needs the 'read' permission (src/lib/permissions.ts), which every active staff role holds (only
// counts, never who); posts are counted as the caller's rules see them (authors:
// their own plus public ones). The route refuses visitors and inactive accounts.

function one(app, sql, params) {
  const row = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery(sql)
    .bind(params || {})
    .one(row);
  return row.n;
}

function weekAgo() {
  return new DateTime().add(-7 * 24 * 3600 * 1e9).string();
}

function dashboardStats(app, auth) {
  const role = auth.get("role");
  const stats = {};
  if (role === "admin" || role === "editor" || role === "author") {
    stats.users = {
      total: one(app, "SELECT COUNT(*) AS n FROM users"),
      active: one(app, "SELECT COUNT(*) AS n FROM users WHERE is_active = 1"),
      new_this_week: one(app, "SELECT COUNT(*) AS n FROM users WHERE created >= {:since}", { since: weekAgo() }),
    };
  }
  // Authors count their own posts (any status) plus the public ones, as their list rule shows them.
  const scope = role === "author" ? "(author = {:me} OR status = 'published')" : "1 = 1";
  const count = (where) => one(app, `SELECT COUNT(*) AS n FROM posts WHERE ${scope} AND ${where}`, { me: auth.id });
  // The site's articles in git are published posts too (read-only in the admin).
  const git = require(`${__hooks}/lib/posts/git-articles.js`).all().length;
  stats.posts = {
    total: count("1 = 1") + git,
    published: count("status = 'published'") + git,
    drafts: count("status = 'draft'"),
    scheduled: count("status = 'scheduled'"),
    git: git,
  };
  // The library's files: those in the trash (lib/media/deleted-media.js) are on their way out.
  const bytes = one(app, "SELECT COALESCE(SUM(file_size), 0) AS n FROM media WHERE deleted_at = ''");
  stats.media = {
    total: one(app, "SELECT COUNT(*) AS n FROM media WHERE deleted_at = ''"),
    size_mb: Math.round((bytes / (1024 * 1024)) * 100) / 100,
  };
  return stats;
}

module.exports = { dashboardStats };
