/// <reference path="../pb_data/types.d.ts" />

// Posts and pages: slugs derived from the title/name when empty, a page's address
// checked and its old ones kept for redirects (lib/pages/pages.js), a page's typed
// sections checked against shared/page-sections.js (lib/pages/sections.js), the site's content
// rules checked when a record is to be shown (pb_hooks/lib/content/content-rules.js), a save
// based on a stale copy refused and a restored version named (lib/revisions/revisions.js), the author
// defaulting to whoever creates the post, the first publication time stamped once and
// kept (lib/posts/posts.js), line endings normalized (lib/common/line-endings.js), a page's
// schedule checked, and the job that publishes scheduled posts and pages whose time has
// come (lib/content/workflow.js).

onRecordCreateRequest((e) => {
  const { slugify, uniqueSlug } = require(`${__hooks}/lib/common/slug.js`);
  if (!e.record.get("slug")) e.record.set("slug", uniqueSlug(e.app, "posts", slugify(e.record.get("title")), ""));
  if (!e.record.get("author") && e.auth && !e.auth.isSuperuser()) e.record.set("author", e.auth.id);
  if (!e.record.get("status")) e.record.set("status", "draft");
  require(`${__hooks}/lib/posts/posts.js`).prepareRequest(e);
  require(`${__hooks}/lib/content/content-rules.js`).assertPublishable("posts", e.record);
  e.next();
}, "posts");

onRecordUpdateRequest((e) => {
  const { slugify, uniqueSlug } = require(`${__hooks}/lib/common/slug.js`);
  if (!e.record.get("slug")) e.record.set("slug", uniqueSlug(e.app, "posts", slugify(e.record.get("title")), e.record.id));
  require(`${__hooks}/lib/posts/posts.js`).prepareRequest(e);
  require(`${__hooks}/lib/content/content-rules.js`).assertPublishable("posts", e.record);
  // The `updated` the save was based on, and a restored version (lib/revisions/revisions.js).
  require(`${__hooks}/lib/revisions/revisions.js`).prepareSave(e);
  e.next();
}, "posts");

// Any path (API, dashboard, cron): the first publication time kept, line endings
// normalized, and the published author name following the author relation (users
// themselves are private).
onRecordCreate((e) => {
  require(`${__hooks}/lib/posts/posts.js`).beforeSave(e.app, e.record);
  e.next();
}, "posts");
onRecordUpdate((e) => {
  require(`${__hooks}/lib/posts/posts.js`).beforeSave(e.app, e.record);
  e.next();
}, "posts");

onRecordCreateRequest((e) => {
  const { slugify, uniqueSlug } = require(`${__hooks}/lib/common/slug.js`);
  if (!e.record.get("slug")) e.record.set("slug", uniqueSlug(e.app, "pages", slugify(e.record.get("name")), ""));
  const content = e.record.getString("content").trim();
  if (content === "" || content === "null") e.record.set("content", { sections: [] });
  if (!e.record.get("status")) e.record.set("status", "draft");
  require(`${__hooks}/lib/content/workflow.js`).assertSchedule(e.record);
  require(`${__hooks}/lib/pages/pages.js`).assertAddress(e.app, e.record, null);
  require(`${__hooks}/lib/pages/sections.js`).assertSections(e.app, e.record);
  require(`${__hooks}/lib/content/content-rules.js`).assertPublishable("pages", e.record);
  e.next();
}, "pages");

onRecordUpdateRequest((e) => {
  const { slugify, uniqueSlug } = require(`${__hooks}/lib/common/slug.js`);
  if (!e.record.get("slug")) e.record.set("slug", uniqueSlug(e.app, "pages", slugify(e.record.get("name")), e.record.id));
  require(`${__hooks}/lib/content/workflow.js`).assertSchedule(e.record);
  require(`${__hooks}/lib/pages/pages.js`).assertAddress(e.app, e.record, e.record.original());
  // First: a restore it marks may bring a version's old sections, which the check converts.
  require(`${__hooks}/lib/revisions/revisions.js`).prepareSave(e);
  require(`${__hooks}/lib/pages/sections.js`).assertSections(e.app, e.record);
  require(`${__hooks}/lib/content/content-rules.js`).assertPublishable("pages", e.record);
  e.next();
}, "pages");

// Any path: the sections' text with "\n" line endings (`content` is JSON), the
// old addresses of a renamed page kept for their redirects (lib/pages/pages.js), and
// the review note dropped once the page is public (lib/content/workflow.js).
onRecordCreate((e) => {
  require(`${__hooks}/lib/common/line-endings.js`).normalizeJsonField(e.record, "content");
  require(`${__hooks}/lib/pages/pages.js`).keepOldSlugs(e.record);
  require(`${__hooks}/lib/content/workflow.js`).dropReviewNote(e.record);
  e.next();
}, "pages");
onRecordUpdate((e) => {
  require(`${__hooks}/lib/common/line-endings.js`).normalizeJsonField(e.record, "content");
  require(`${__hooks}/lib/pages/pages.js`).keepOldSlugs(e.record);
  require(`${__hooks}/lib/content/workflow.js`).dropReviewNote(e.record);
  e.next();
}, "pages");

// Every minute: publish the scheduled posts, pages and products whose publication time has passed.
cronAdd("publish_scheduled", "* * * * *", () => {
  require(`${__hooks}/lib/content/workflow.js`).publishDue($app);
});

// Operators (superusers) can run the job at once instead of waiting for the minute.
routerAdd(
  "POST",
  "/api/site/jobs/publish-scheduled",
  (e) => {
    const published = require(`${__hooks}/lib/content/workflow.js`).publishDue(e.app);
    return e.json(200, { published: published });
  },
  $apis.requireSuperuserAuth(),
);
