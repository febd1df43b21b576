// Data-subject requests (LGPD art. 18), for admins (pb_hooks/privacy.pb.js): given an
// e-mail, what the system holds about it; an export of it as JSON; and its erasure:
// - contact messages and the newsletter subscription are deleted;
// - comments are anonymised ('Visitante', no e-mail, no IP), their text kept or
//   replaced, as the admin chooses; an approved one leaves the site at the next build;
// - the audit log's entries of those comments keep what happened, who did it and
//   when, with the personal values replaced (the log is never edited otherwise);
// - a staff account is never erased here: it is deactivated and its posts moved first.
// Analytics holds no personal data (no IP, no identifier kept: lib/analytics/analytics.js).
// Each request is recorded in privacy_requests with counts only, never the e-mail.

const ERASED = "[removido]";
const ANONYMOUS_NAME = "Visitante";
const REMOVED_TEXT = "[Comentário removido a pedido do autor.]";
const PERSONAL_COMMENT_FIELDS = ["name", "email", "body"];

const MESSAGES = {
  forbidden: "Só administradores atendem pedidos de titulares.",
  email: "Informe um e-mail válido.",
  comments: "Escolha o que fazer com o texto dos comentários: manter ou remover.",
  staff:
    "Este e-mail é de uma conta da equipe. Contas da equipe não são apagadas aqui: desative a conta em Usuários e transfira os posts dela para outra pessoa antes.",
  analytics:
    "O analytics do site não guarda dados pessoais: nem IP, nem identificador do navegador, nem e-mail. Não há nada a exportar ou excluir nele.",
};

/** An active admin (or a superuser): the only ones who answer data-subject requests. */
function assertAdmin(e) {
  if (!require(`${__hooks}/lib/auth/staff.js`).isActiveAdmin(e.auth, true)) throw new ForbiddenError(MESSAGES.forbidden);
}

/** The e-mail asked about, from the JSON body (never from the address: it would reach the logs). */
function emailOf(e) {
  const email = require(`${__hooks}/lib/common/request-body.js`).formValues(e, { email: "" }).email.trim().toLowerCase();
  if (!require(`${__hooks}/lib/common/input.js`).isEmail(email)) {
    throw require(`${__hooks}/lib/common/errors.js`).fieldError("email", "validation_invalid_email", MESSAGES.email);
  }
  return email;
}

function plain(record, fields) {
  const out = { id: record.id };
  for (const field of fields) {
    const value = record.get(field);
    out[field] = value && typeof value.string === "function" ? value.string() : value;
  }
  return out;
}

const byEmail = (app, collection, email) =>
  app.findRecordsByFilter(collection, "email:lower = {:email}", "created", 0, 0, { email: email });

/** Everything held about an e-mail, as an export shows it. */
function holdings(app, email) {
  const contactMessages = byEmail(app, "contact_messages", email).map((r) =>
    plain(r, ["created", "name", "email", "phone", "company", "has_machine", "volume", "interest", "message", "read"]),
  );
  const comments = byEmail(app, "comments", email).map((r) =>
    plain(r, ["created", "article", "article_title", "name", "email", "body", "status"]),
  );
  const subscriptions = byEmail(app, "newsletter_subscribers", email).map((r) =>
    plain(r, ["created", "email", "status", "source", "consented_at", "confirmed_at", "confirmed_ip", "unsubscribed_at"]),
  );
  // The posts the newsletter sent to it (its erasure deletes these rows with it).
  for (const subscription of subscriptions) {
    subscription.received = app
      .findRecordsByFilter("newsletter_deliveries", "subscriber = {:id}", "created", 0, 0, { id: subscription.id })
      .map((delivery) => {
        let title = "";
        try {
          title = app.findRecordById("newsletter_sends", delivery.getString("send")).getString("post_title");
        } catch (_) {
          // A send removed since.
        }
        return { post_title: title, status: delivery.getString("status"), sent_at: delivery.getString("sent_at") };
      });
  }
  let staffAccount = null;
  try {
    const user = app.findAuthRecordByEmail("users", email);
    staffAccount = {
      id: user.id,
      full_name: user.getString("full_name"),
      role: user.getString("role"),
      is_active: user.get("is_active"),
    };
  } catch (_) {
    // Not a staff member.
  }
  return {
    contactMessages: contactMessages,
    comments: comments,
    newsletter: subscriptions[0] || null,
    staffAccount: staffAccount,
    notes: { analytics: MESSAGES.analytics, staff: staffAccount ? MESSAGES.staff : "" },
  };
}

function countsOf(held) {
  return {
    contactMessages: held.contactMessages.length,
    comments: held.comments.length,
    newsletter: held.newsletter ? 1 : 0,
    staffAccount: held.staffAccount ? 1 : 0,
  };
}

/** Records the request: who, when, what kind, how many records; never the e-mail. */
function record(e, action, counts) {
  const collection = e.app.findCollectionByNameOrId("privacy_requests");
  const row = new Record(collection);
  row.set("action", action);
  row.set("counts", counts);
  require(`${__hooks}/lib/auth/staff.js`).setRequester(row, e.auth);
  e.app.save(row);
}

function lookup(e) {
  assertAdmin(e);
  const held = holdings(e.app, emailOf(e));
  record(e, "lookup", countsOf(held));
  return e.json(200, held);
}

function exportData(e) {
  assertAdmin(e);
  const email = emailOf(e);
  const held = holdings(e.app, email);
  record(e, "export", countsOf(held));
  // The panel writes the file from this answer, in pt-BR words and Brasília times
  // (src/admin/privacy/facts.ts: the site's one date formatter is there, not here).
  e.response.header().set("Cache-Control", "no-store");
  return e.json(200, Object.assign({ email: email, exportedAt: new DateTime().string() }, held));
}

/**
 * The audit log's values of an erased comment (plain data: lib/common/json-values.js): what
 * changed stays, never who wrote what.
 */
function strippedValues(values) {
  if (!values || typeof values !== "object" || Array.isArray(values)) return values;
  const out = Object.assign({}, values);
  for (const field of PERSONAL_COMMENT_FIELDS) if (out[field] !== undefined && out[field] !== "") out[field] = ERASED;
  return out;
}

function stripAuditEntries(app, table, ids) {
  if (ids.length === 0) return 0;
  const { jsonField } = require(`${__hooks}/lib/common/json-values.js`);
  let cleaned = 0;
  for (const id of ids) {
    const rows = app.findRecordsByFilter("audit_logs", "table_name = {:table} && record_id = {:id}", "created", 0, 0, {
      table: table,
      id: id,
    });
    for (const row of rows) {
      // Straight to the database: the log refuses every change through the API, by design.
      app
        .db()
        .newQuery("UPDATE audit_logs SET old_values = {:old}, new_values = {:new}, ip = '' WHERE id = {:id}")
        .bind({
          old: JSON.stringify(strippedValues(jsonField(row, "old_values"))),
          new: JSON.stringify(strippedValues(jsonField(row, "new_values"))),
          id: row.id,
        })
        .execute();
      cleaned++;
    }
  }
  return cleaned;
}

function erase(e) {
  assertAdmin(e);
  const email = emailOf(e);
  const choice = require(`${__hooks}/lib/common/request-body.js`).formValues(e, { commentText: "" }).commentText;
  const keepText = choice === "keep";
  if (choice !== "keep" && choice !== "remove") {
    throw require(`${__hooks}/lib/common/errors.js`).fieldError("commentText", "validation_required", MESSAGES.comments);
  }
  const app = e.app;
  const held = holdings(app, email);
  const counts = { contactMessages: 0, newsletter: 0, comments: 0, auditEntries: 0 };
  app.runInTransaction((tx) => {
    for (const message of byEmail(tx, "contact_messages", email)) {
      tx.delete(message);
      counts.contactMessages++;
    }
    for (const subscription of byEmail(tx, "newsletter_subscribers", email)) {
      tx.delete(subscription);
      counts.newsletter++;
    }
    const commentIds = [];
    for (const comment of byEmail(tx, "comments", email)) {
      comment.set("name", ANONYMOUS_NAME);
      comment.set("email", "");
      if (!keepText) comment.set("body", REMOVED_TEXT);
      tx.save(comment);
      commentIds.push(comment.id);
    }
    counts.comments = commentIds.length;
    // After the saves above, so their own entries are cleaned too.
    counts.auditEntries = stripAuditEntries(tx, "comments", commentIds);
  });
  record(e, "erase", Object.assign({ staffAccount: held.staffAccount ? 1 : 0 }, counts));
  return e.json(200, {
    erased: counts,
    staffAccount: held.staffAccount,
    notes: { staff: held.staffAccount ? MESSAGES.staff : "" },
  });
}

module.exports = { lookup, exportData, erase, strippedValues, MESSAGES };
