/// <reference path="../pb_data/types.d.ts" />

// Two tighter rules (src/lib/permissions.ts mirrors them):
// - authors write the content of their drafts, never the facts about them: the byline
//   (`author_name`, derived from the author by pb_hooks/lib/posts/posts.js), the author
//   relation (anyone but themselves) or the publication date; editors and admins may;
// - contact messages and newsletter subscribers are personal data: admins and
//   editors read them, authors no longer do.
const ACTIVE = '@request.auth.collectionName = "users" && @request.auth.is_active = true';
const EDITOR = `${ACTIVE} && (@request.auth.role = "admin" || @request.auth.role = "editor")`;
const STAFF = `${ACTIVE} && (@request.auth.role = "admin" || @request.auth.role = "editor" || @request.auth.role = "author")`;
const AUTHOR = `${ACTIVE} && @request.auth.role = "author"`;

const OWN_AUTHOR = "(@request.body.author:isset = false || @request.body.author = @request.auth.id)";
const DRAFT = '(@request.body.status:isset = false || @request.body.status = "draft")';
const NO_FACTS = "@request.body.author_name:isset = false && @request.body.published_at:isset = false";

function postRules(app, facts) {
  const posts = app.findCollectionByNameOrId("posts");
  const extra = facts ? ` && ${NO_FACTS}` : "";
  posts.createRule = `(${EDITOR}) || (${AUTHOR} && ${OWN_AUTHOR} && ${DRAFT}${extra})`;
  posts.updateRule = `(${EDITOR}) || (${AUTHOR} && author = @request.auth.id && status = "draft" && ${OWN_AUTHOR} && ${DRAFT}${extra})`;
  app.save(posts);
}

function readers(app, rule) {
  for (const name of ["contact_messages", "newsletter_subscribers"]) {
    const collection = app.findCollectionByNameOrId(name);
    collection.listRule = rule;
    collection.viewRule = rule;
    app.save(collection);
  }
}

migrate(
  (app) => {
    postRules(app, true);
    readers(app, EDITOR);
  },
  (app) => {
    postRules(app, false);
    readers(app, STAFF);
  },
);
