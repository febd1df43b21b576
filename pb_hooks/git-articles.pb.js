/// <reference path="../pb_data/types.d.ts" />
// The MDX articles in git, read-only, for the admin's posts screen (pb_hooks/lib/posts/git-articles.js):
//
//   GET /api/admin/rest/git-articles        list: sort (title, date, category), range,
//                                           filter { q, category, id }
//   GET /api/admin/rest/git-articles/{id}   one article (the id is its slug)
//
// Every active staff account may read them: they are public on the site.

routerAdd(
  "GET",
  "/api/admin/rest/git-articles",
  (e) => {
    if (!e.auth.get("is_active")) throw new ForbiddenError("Conta inativa.");
    const articles = require(`${__hooks}/lib/posts/git-articles.js`);
    const rest = require(`${__hooks}/lib/common/rest.js`);
    return rest.sendInMemory(e, "git-articles", articles.LIST_SPEC, (filter) => articles.matching(articles.all(), filter));
  },
  $apis.requireAuth("users"),
);

routerAdd(
  "GET",
  "/api/admin/rest/git-articles/{id}",
  (e) => {
    if (!e.auth.get("is_active")) throw new ForbiddenError("Conta inativa.");
    const article = require(`${__hooks}/lib/posts/git-articles.js`).find(e.request.pathValue("id"));
    if (!article) throw new NotFoundError("Artigo não encontrado.");
    return e.json(200, article);
  },
  $apis.requireAuth("users"),
);
