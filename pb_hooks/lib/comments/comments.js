// Visitors' comments (pb_migrations/*_comments.js): what a new comment may be, where it
// may go, how often, and who sees the commenter's e-mail. Limits and spam patterns
// come from content-rules.json, which the site's form and article page also read.

const RULES = require(`${__hooks}/../shared/content-rules.json`);
const { fieldError } = require(`${__hooks}/lib/common/errors.js`);

const MESSAGES = {
  article: "Artigo não encontrado: o comentário precisa ser de um artigo publicado.",
  replyOnly: "Só a equipe pode responder a um comentário.",
  parent: "O comentário respondido não existe.",
  rate: "Você enviou muitos comentários em pouco tempo. Tente novamente em alguns minutos.",
  emailFilter: "Não é possível filtrar ou ordenar comentários pelo e-mail.",
};

/** An active admin or editor (or a superuser): who moderates, replies and sees e-mails. */
function isModerator(auth) {
  return require(`${__hooks}/lib/auth/staff.js`).isActiveEditor(auth, true);
}

/** The MDX article in git with this slug: { title }, or null. */
function gitArticle(slug) {
  const article = require(`${__hooks}/lib/posts/git-articles.js`).find(slug);
  return article ? { title: article.title } : null;
}

/** The CMS post on the site (published, or scheduled and due) with this slug: { title }, or null. */
function cmsArticle(app, slug) {
  const row = new DynamicModel({ title: "" });
  try {
    app
      .db()
      .newQuery(
        "SELECT title FROM posts WHERE slug = {:slug} AND " +
          "(status = 'published' OR (status = 'scheduled' AND published_at != '' AND published_at <= {:now})) LIMIT 1",
      )
      .bind({ slug: slug, now: new DateTime().string() })
      .one(row);
  } catch (_) {
    return null; // no such row
  }
  return { title: row.title };
}

/** The article a comment may go to: { title } when the site shows it, else null. */
function findArticle(app, slug) {
  if (typeof slug !== "string" || slug.length > 200 || !new RegExp(RULES.slugPattern).test(slug)) return null;
  return cmsArticle(app, slug) || gitArticle(slug);
}

/** Links in a text: what a spammer posts, counted however written. */
function linkCount(text) {
  return (String(text).match(/https?:\/\/|www\.|\[url=/gi) || []).length;
}

/** Whether a comment goes to 'spam' for review: too many links, or a known spam pattern. */
function looksLikeSpam(name, body) {
  if (linkCount(body) + linkCount(name) > RULES.comments.maxLinks) return true;
  const text = `${name}\n${body}`;
  return RULES.comments.spamPatterns.some((pattern) => new RegExp(pattern, "i").test(text));
}

/**
 * Cleans and checks a comment's text: the name as a one-line plain text, the e-mail,
 * and the body kept exactly as typed (code such as `#include <Wire.h>` is welcome; the
 * page shows it as text), refusing only control characters and a body with nothing visible.
 */
function cleanText(record) {
  const input = require(`${__hooks}/lib/common/input.js`);
  input.cleanPlainText(record, ["name"]);
  input.cleanEmail(record, "email", false);
  const body = record.get("body");
  if (typeof body !== "string") return;
  if (input.visibleText(body) === "") {
    record.set("body", "");
    return;
  }
  input.assertPlainCharacters("body", body, true);
}

/** A new comment (`e` of onRecordCreateRequest). */
function onCreate(e) {
  const record = e.record;
  const body = require(`${__hooks}/lib/common/request-body.js`).recordValues(e);
  const moderator = isModerator(e.auth);
  const parentId = record.getString("parent");

  if (parentId !== "") {
    // A reply is the team's: it answers a comment on the same article, and is public at once.
    if (!moderator) throw fieldError("parent", "validation_reply_forbidden", MESSAGES.replyOnly);
    let parent;
    try {
      parent = e.app.findRecordById("comments", parentId);
    } catch (_) {
      throw fieldError("parent", "validation_missing_rel_records", MESSAGES.parent);
    }
    record.set("article", parent.getString("article"));
    record.set("article_title", parent.getString("article_title"));
    // Replies are one level deep: answering a reply answers its comment.
    if (parent.getString("parent") !== "") record.set("parent", parent.getString("parent"));
    if (record.getString("name") === "") record.set("name", e.auth.getString("full_name") || RULES.comments.staffLabel);
    if (record.getString("email") === "") record.set("email", e.auth.getString("email"));
    cleanText(record);
    record.set("status", "approved");
    return;
  }

  // The visitor's agreement to the privacy policy, asked by the form's box (LGPD):
  // JSON sends true, a form the browser sent itself "on".
  if (!moderator && [true, "on", "true"].indexOf(body.consent) < 0) {
    throw fieldError("consent", "validation_required", require(`${__hooks}/../shared/public-forms.json`).messages.consent);
  }
  cleanText(record);
  // The schema lets an anonymised comment keep no e-mail (lib/privacy/privacy.js); a visitor gives one.
  if (!moderator && record.getString("email") === "") {
    throw fieldError("email", "validation_required", require(`${__hooks}/../shared/public-forms.json`).messages.required);
  }
  const article = findArticle(e.app, record.getString("article"));
  if (!article) throw fieldError("article", "validation_unknown_article", MESSAGES.article);
  record.set("article_title", article.title);
  // Counted before it is stored, in one transaction with the count (lib/auth/throttle.js).
  if (!moderator) {
    const ip = e.realIP();
    const { max, windowMinutes } = RULES.comments.rate;
    if (!require(`${__hooks}/lib/auth/throttle.js`).reserve(e.app, `comment:${ip}`, ip, max, windowMinutes)) {
      throw new TooManyRequestsError(MESSAGES.rate);
    }
  }
  const honeypot = body.website;
  const bot = honeypot !== undefined && honeypot !== null && String(honeypot) !== "";
  record.set("status", bot || looksLikeSpam(record.getString("name"), record.getString("body")) ? "spam" : "pending");
}

/** A moderator's edit (`e` of onRecordUpdateRequest): text and status, never where it belongs. */
function onUpdate(e) {
  const before = e.record.original();
  e.record.set("article", before.getString("article"));
  e.record.set("parent", before.getString("parent"));
  e.record.set("article_title", before.getString("article_title"));
  cleanText(e.record);
}

/** The e-mail is for moderators only, wherever a comment appears (lists, views, expands, realtime). */
function redact(e) {
  const info = e.requestInfo;
  if (!isModerator(info ? info.auth : null)) e.record.hide("email");
}

/** Refuses a list whose filter or sort reads the e-mail, unless a moderator asks: it would reveal it. */
function assertNoEmailQuery(e) {
  if (isModerator(e.auth)) return;
  const query = e.requestInfo().query || {};
  const asked = `${query.filter || ""} ${query.sort || ""}`;
  if (/email/i.test(asked)) throw new BadRequestError(MESSAGES.emailFilter);
}

module.exports = { onCreate, onUpdate, redact, assertNoEmailQuery, findArticle, looksLikeSpam, isModerator, MESSAGES };
