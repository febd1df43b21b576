// Sending a published post to the newsletter's confirmed subscribers. The hooks decide
// (who may send, which post, the e-mail, the recipients); server/newsletter delivers,
// in the background at the rate of Configurações, resuming after a restart.
// - A post is sendable once it is live: it is in the live build's article index
//   (/blog/dados/indice.json), git and CMS posts alike, as visitors see it; a CMS post
//   must also be public now (a build may still list a post set back to draft).
// - The e-mail is the template the site build made (/newsletter/modelo-email.json,
//   src/lib/blog/newsletter-email.ts) filled with the post; each recipient's unsubscribe
//   link is left as a placeholder for the worker.
// - Each confirmed address gets a post at most once: one delivery row per post and
//   subscriber (a unique index), so sending a post again reaches only new subscribers.
// - 'Enviar teste para mim' is a send of kind 'test' to the staff member who asked.
// - A failure's raw text (error_detail: it names the mail server) is for admins only;
//   editors read the pt-BR summary in error (server/newsletter/newsletter.go).

const { isActiveEditor } = require(`${__hooks}/lib/auth/staff.js`);
const { siteJson } = require(`${__hooks}/lib/common/live-site.js`);
const RATE = require(`${__hooks}/../shared/public-forms.json`).newsletter.ratePerMinute;

const MESSAGES = {
  forbidden: "Só editores e administradores enviam a newsletter.",
  notLive: "Este post ainda não está no ar. Publique-o e aguarde a publicação do site terminar para enviá-lo.",
  noMail: "Configure o envio de e-mail em Configurações › Integrações antes de enviar a newsletter.",
  running: "Esta newsletter já está sendo enviada. Acompanhe o envio em Envios.",
  nobody: "Nenhum inscrito confirmado que ainda não recebeu este post.",
  noTemplate: "O modelo do e-mail não foi encontrado na publicação atual do site. Publique o site novamente.",
  notRunning: "Este envio já terminou.",
};

function assertEditor(e) {
  if (!isActiveEditor(e.auth, true)) throw new ForbiddenError(MESSAGES.forbidden);
}

/** Whether a CMS post is public now: published, or scheduled and due (as src/lib/cms/posts.ts reads posts). */
function isPublic(record) {
  const status = record.getString("status");
  if (status === "published") return true;
  const at = record.getDateTime("published_at");
  return status === "scheduled" && !at.isZero() && at.unix() <= new DateTime().unix();
}

/**
 * The live post with this slug and its key: 'cms:<record id>' for a CMS post (stable
 * if its slug changes), 'git:<slug>' for an article in git. Null when it is not live.
 */
function livePost(app, slug) {
  const index = siteJson("blog/dados/indice.json") || [];
  const entry = index.find((item) => item && item.slug === slug);
  if (!entry) return null;
  let record;
  try {
    record = app.findFirstRecordByFilter("posts", "slug = {:slug}", { slug: slug });
  } catch (_) {
    return { key: `git:${slug}`, entry: entry }; // An article in git.
  }
  return isPublic(record) ? { key: `cms:${record.id}`, entry: entry } : null;
}

function count(app, sql, params) {
  const row = new DynamicModel({ n: 0 });
  app.db().newQuery(sql).bind(params).one(row);
  return row.n;
}

/** Who the post would reach now, and what was sent before. */
function audienceOf(app, key) {
  return {
    confirmed: count(app, "SELECT COUNT(*) AS n FROM newsletter_subscribers WHERE status = 'confirmed'", {}),
    toSend: count(
      app,
      "SELECT COUNT(*) AS n FROM newsletter_subscribers s WHERE s.status = 'confirmed' AND NOT EXISTS " +
        "(SELECT 1 FROM newsletter_deliveries d WHERE d.post_key = {:key} AND d.subscriber = s.id)",
      { key: key },
    ),
    alreadySent: count(app, "SELECT COUNT(*) AS n FROM newsletter_deliveries WHERE post_key = {:key} AND status = 'sent'", {
      key: key,
    }),
  };
}

function runningSend(app, key) {
  try {
    return app.findFirstRecordByFilter(
      "newsletter_sends",
      "kind = 'post' && post_key = {:key} && (status = 'queued' || status = 'sending')",
      { key: key },
    );
  } catch (_) {
    return null;
  }
}

/** The messages per minute of Configurações (newsletter_rate_per_minute), else the default. */
function ratePerMinute(app) {
  const value = parseInt(require(`${__hooks}/lib/settings/settings.js`).settingValue(app, "newsletter_rate_per_minute"), 10);
  return value >= RATE.min && value <= RATE.max ? value : RATE.default;
}

/** Whether e-mail is configured (the worker waits for it otherwise). */
function mailReady(app) {
  return require(`${__hooks}/lib/settings/settings.js`).mailReady(app);
}

/** GET /api/newsletter/audience?slug=: what the 'Enviar newsletter' dialog shows. */
function audience(e) {
  assertEditor(e);
  const post = livePost(e.app, String(e.request.url.query().get("slug") || ""));
  if (!post) return e.json(200, { live: false, mailReady: mailReady(e.app) });
  const running = runningSend(e.app, post.key);
  return e.json(
    200,
    Object.assign(
      {
        live: true,
        mailReady: mailReady(e.app),
        title: post.entry.title,
        running: running ? running.id : "",
      },
      audienceOf(e.app, post.key),
    ),
  );
}

/** `{{name}}` → value, each value through `escape`. */
function fill(template, values, escape) {
  return String(template).replace(/\{\{([a-z_]+)\}\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(values, name) ? escape(values[name]) : whole,
  );
}

/**
 * The post's e-mail: subject, HTML and text, with `{{unsubscribe_url}}` left for the
 * worker. The post's links use the site's address, the one the unsubscribe link uses too
 * unless the API lives elsewhere (PUBLIC_API_URL: lib/newsletter/subscriptions.js).
 */
function render(app, post) {
  const template = siteJson("newsletter/modelo-email.json");
  if (!template || !template.html) throw new BadRequestError(MESSAGES.noTemplate);
  const { escapeHtml } = require(`${__hooks}/lib/forms/server-pages.js`);
  const entry = post.entry;
  // The site's address (PUBLIC_SITE_URL, else this server's own: lib/settings/settings.js), as every e-mail link.
  const origin = require(`${__hooks}/lib/settings/settings.js`).siteAddress(app);
  const absolute = (src) => (/^https?:\/\//.test(src) ? src : origin + src);
  const image = entry.image && entry.image.src && !/\.svg(\?|$)/.test(entry.image.src) ? entry.image : null;
  const values = {
    title: entry.title || "",
    excerpt: entry.excerpt || "",
    date: entry.dateText || "",
    url: `${origin}/blog/${entry.slug}`,
    image_url: image ? absolute(image.src) : "",
    image_alt: image ? image.alt || "" : "",
    unsubscribe_url: "{{unsubscribe_url}}",
    origin: origin,
    origin_host: origin.replace(/^https?:\/\//, ""),
  };
  const keep = (value) => value;
  // One pass: a post's own text is never read as a placeholder.
  const cover = image ? fill(template.coverHtml, values, escapeHtml) : "";
  const html = fill(template.html, Object.assign({ cover: cover }, values), (value) =>
    value === cover ? value : escapeHtml(value),
  );
  return {
    subject: fill(template.subject, values, keep),
    html: html,
    text: fill(template.text, values, keep),
    url: values.url,
  };
}

function requester(e, send) {
  // The audit log's row names who started it (a route's save has no request hook).
  const audit = require(`${__hooks}/lib/audit/audit.js`);
  send.set(audit.ACTOR_KEY, audit.actorOf(e));
  require(`${__hooks}/lib/auth/staff.js`).setRequester(send, e.auth);
}

/** POST /api/newsletter/sends { slug, test }: queues a send (or a test to oneself). */
function start(e) {
  assertEditor(e);
  const app = e.app;
  const body = require(`${__hooks}/lib/common/request-body.js`).formValues(e, { slug: "", test: false });
  const post = livePost(app, body.slug);
  if (!post) throw new BadRequestError(MESSAGES.notLive);
  if (!mailReady(app)) throw new BadRequestError(MESSAGES.noMail);
  const test = body.test;
  if (!test && runningSend(app, post.key)) throw new BadRequestError(MESSAGES.running);
  const email = render(app, post);

  const collection = app.findCollectionByNameOrId("newsletter_sends");
  const send = new Record(collection);
  send.set("kind", test ? "test" : "post");
  send.set("post_key", post.key);
  send.set("post_title", post.entry.title);
  send.set("post_url", email.url);
  send.set("subject", test ? `[Teste] ${email.subject}` : email.subject);
  send.set("html", email.html);
  send.set("text", email.text);
  send.set("unsubscribe_base", require(`${__hooks}/lib/newsletter/subscriptions.js`).unsubscribeBase(app));
  send.set("status", "queued");
  send.set("rate_per_minute", ratePerMinute(app));
  requester(e, send);
  if (test) {
    send.set("test_to", e.auth.email());
    send.set("total", 1);
    app.save(send);
    return e.json(201, { id: send.id });
  }

  // The recipients first, under the send's id, so the send is saved once, with its total.
  send.set("id", $security.randomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"));
  let total = 0;
  app.runInTransaction((txApp) => {
    // One row per confirmed address that never had this post: the unique (post, subscriber)
    // index drops the others. 15 random characters, as PocketBase's own ids.
    txApp
      .db()
      .newQuery(
        "INSERT OR IGNORE INTO newsletter_deliveries " +
          "(id, send, subscriber, post_key, status, attempts, retry_at, error, sent_at, created, updated) " +
          "SELECT substr(lower(hex(randomblob(8))), 1, 15), {:send}, s.id, {:key}, 'pending', 0, '', '', '', {:now}, {:now} " +
          "FROM newsletter_subscribers s WHERE s.status = 'confirmed'",
      )
      .bind({ send: send.id, key: post.key, now: new DateTime().string() })
      .execute();
    total = count(txApp, "SELECT COUNT(*) AS n FROM newsletter_deliveries WHERE send = {:send}", { send: send.id });
    if (total === 0) throw new BadRequestError(MESSAGES.nobody);
    send.set("total", total);
    txApp.save(send);
  });
  return e.json(201, { id: send.id, total: total });
}

/** POST /api/newsletter/sends/{id}/cancel: stops a send; what was not sent can go in a later one. */
function cancel(e) {
  assertEditor(e);
  const app = e.app;
  let send;
  try {
    send = app.findRecordById("newsletter_sends", e.request.pathValue("id"));
  } catch (_) {
    throw new NotFoundError();
  }
  const status = send.getString("status");
  if (status !== "queued" && status !== "sending") throw new BadRequestError(MESSAGES.notRunning);
  app.runInTransaction((txApp) => {
    send.set("status", "cancelled");
    send.set("finished_at", new DateTime());
    txApp.save(send);
    txApp
      .db()
      .newQuery("DELETE FROM newsletter_deliveries WHERE send = {:send} AND status = 'pending'")
      .bind({ send: send.id })
      .execute();
  });
  return e.json(200, { id: send.id, status: "cancelled" });
}

/**
 * onRecordEnrich of sends and deliveries: error_detail (hidden in the schema) is shown
 * to active admins; superusers get hidden fields anyway, everyone else the summary only.
 */
function revealDetail(e) {
  const auth = e.requestInfo ? e.requestInfo.auth : null;
  if (!auth || auth.isSuperuser() || auth.collection().name !== "users") return;
  if (auth.get("role") === "admin" && auth.get("is_active")) e.record.unhide("error_detail");
}

/** A new rate in Configurações applies to the sends under way too. */
function applyRate(app, record) {
  if (record.getString("key") !== "newsletter_rate_per_minute") return;
  app
    .db()
    .newQuery("UPDATE newsletter_sends SET rate_per_minute = {:rate} WHERE status IN ('queued', 'sending')")
    .bind({ rate: ratePerMinute(app) })
    .execute();
}

module.exports = { audience, start, cancel, applyRate, revealDetail, render, fill, MESSAGES };
