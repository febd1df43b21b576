// The newsletter's subscriptions, with double opt-in (LGPD: consent that can be proven):
// - a sign-up is 'pending' until its address confirms from the e-mailed link (valid
//   CONFIRM_DAYS); the link opens a page whose button POSTs, so a mail scanner that
//   follows links confirms nothing; confirming keeps the time and IP;
// - the form answers the same for a new, pending or confirmed address, in content and
//   in time: a sign-up only queues its confirmation e-mail, which the job
//   (sendWaitingConfirmations) sends once the request has answered (server/jobs
//   runs it then; it also runs every 5 minutes for what could not be sent); a pending
//   one gets the e-mail again at most once every RESEND_MINUTES;
// - a visitor sets only the address and the page it came from: the status, the proof
//   of consent and the tokens are the server's (a forged confirm_sent_at would have
//   silenced the owner's confirmation);
// - without e-mail configured, sign-ups wait as 'pending' until it is; pending ones
//   older than PENDING_DAYS are deleted;
// - 'unsubscribed' (the link in every e-mail, or RFC 8058's one-click POST) is never
//   mailed again unless it subscribes and confirms anew.
// Tokens are 40 random characters: the confirmation's is stored as a SHA-256 digest
// and bound to its record (so it cannot confirm another address); the unsubscribe
// link's is stored as it is, since every newsletter e-mail carries it.

const COLLECTION = "newsletter_subscribers";
// In public-forms.json, which the sign-up's result page reads too.
const {
  confirmDays: CONFIRM_DAYS,
  resendMinutes: RESEND_MINUTES,
  pendingDays: PENDING_DAYS,
} = require(`${__hooks}/../shared/public-forms.json`).newsletter;
const retries = require(`${__hooks}/lib/mail/mail-retries.js`);
const TOKEN = /^[A-Za-z0-9]{40}$/;
/** What a visitor's sign-up may set. */
const VISITOR_FIELDS = ["email", "source"];
/** The job that sends the confirmations (pb_hooks/newsletter.pb.js). */
const CONFIRMATIONS_JOB = "newsletter_confirmations";

const DAY_NS = 24 * 60 * 60 * 1e9;

function now() {
  return new DateTime();
}

function newToken() {
  return $security.randomString(40);
}

/**
 * Where the e-mails' links point: this server, which answers them. With the site on a
 * CDN the server lives at PUBLIC_API_URL; otherwise at the site's address (appURL).
 */
function siteOrigin(app) {
  const api = String($os.getenv("PUBLIC_API_URL") || "").replace(/\/+$/, "");
  if (/^https?:\/\/[^/\s]+$/.test(api)) return api;
  return require(`${__hooks}/lib/settings/settings.js`).siteAddress(app);
}

function confirmLink(app, token) {
  return `${siteOrigin(app)}/newsletter/confirmar?t=${token}`;
}

/** The unsubscribe page's address without its token (the newsletter's e-mails add each one's). */
function unsubscribeBase(app) {
  return `${siteOrigin(app)}/newsletter/cancelar?t=`;
}

function unsubscribeLink(app, record) {
  return unsubscribeBase(app) + record.getString("unsubscribe_token");
}

/** The confirmation e-mail, pt-BR, HTML and plain text. */
function confirmationMessage(app, record, token) {
  const { escapeHtml } = require(`${__hooks}/lib/forms/server-pages.js`);
  const settings = app.settings();
  const company = settings.meta.appName || "Operium";
  const link = confirmLink(app, token);
  const text =
    `Olá!\n\nRecebemos um pedido para inscrever este e-mail na newsletter da ${company}.\n\n` +
    `Para confirmar, abra o link abaixo (válido por ${CONFIRM_DAYS} dias) e toque em "Confirmar inscrição":\n${link}\n\n` +
    `Se não foi você, ignore esta mensagem: sem a confirmação, nada será enviado para este endereço.\n\n${company}\n`;
  const html =
    `<p>Olá!</p><p>Recebemos um pedido para inscrever este e-mail na newsletter da ${escapeHtml(company)}.</p>` +
    `<p>Para confirmar, abra o link abaixo (válido por ${CONFIRM_DAYS} dias) e toque em "Confirmar inscrição":</p>` +
    `<p><a href="${escapeHtml(link)}">Confirmar minha inscrição</a></p>` +
    `<p>Se não foi você, ignore esta mensagem: sem a confirmação, nada será enviado para este endereço.</p>` +
    `<p>${escapeHtml(company)}</p>`;
  return new MailerMessage({
    from: { address: settings.meta.senderAddress, name: settings.meta.senderName },
    to: [{ address: record.getString("email") }],
    subject: `Confirme sua inscrição na newsletter da ${company}`,
    html: html,
    text: text,
  });
}

/**
 * Takes a waiting subscription for this run of the job, as the job saw it (`seen`, its
 * confirm_sent_at: empty, or an unfinished claim past its lease): runs may overlap (the
 * one after a sign-up and the 5-minute one), and each confirmation goes once. Its old
 * link stops working meanwhile: a new one is on its way.
 */
function claim(app, record, claimedAt) {
  return retries.updateOne(
    app,
    "UPDATE newsletter_subscribers SET confirm_sent_at = {:at}, confirm_token_hash = '' " +
      "WHERE id = {:id} AND status = 'pending' AND confirm_sent_at = {:seen}",
    { at: claimedAt, id: record.id, seen: record.getString("confirm_sent_at") },
  );
}

/**
 * Sends a waiting subscription its confirmation link (a new token each time). Returns
 * false when it was not sent: another run took it, or the SMTP server failed (then it
 * waits again, for a later run, after a pause that grows with each failure). Only this
 * claim's own columns are written, by targeted UPDATEs: an unsubscribe or a new sign-up
 * meanwhile is never overwritten.
 */
function sendConfirmation(app, record) {
  const claimedAt = now().string();
  if (!claim(app, record, claimedAt)) return false;
  const token = newToken();
  const mine = { id: record.id, at: claimedAt };
  try {
    app.newMailClient().send(confirmationMessage(app, record, token));
  } catch (err) {
    const failures = record.getInt("confirm_failures") + 1;
    // Never the address in the log: the record's id says which, and the reply code why.
    console.log(`newsletter: a confirmação de ${record.id} não foi enviada (${retries.replyCode(err)}; tentativa ${failures})`);
    retries.updateOne(
      app,
      "UPDATE newsletter_subscribers SET confirm_sent_at = '', confirm_failures = {:failures}, confirm_retry_at = {:retry} " +
        "WHERE id = {:id} AND status = 'pending' AND confirm_sent_at = {:at}",
      Object.assign({ failures: failures, retry: retries.minutesFromNow(retries.pauseMinutes(failures)) }, mine),
    );
    return false;
  }
  retries.updateOne(
    app,
    "UPDATE newsletter_subscribers SET confirm_token_hash = {:hash}, confirm_expires = {:expires}, " +
      "confirm_failures = 0, confirm_retry_at = '' WHERE id = {:id} AND status = 'pending' AND confirm_sent_at = {:at}",
    Object.assign(
      {
        hash: $security.sha256(token),
        expires: now()
          .add(CONFIRM_DAYS * DAY_NS)
          .string(),
      },
      mine,
    ),
  );
  return true;
}

function sentRecently(record) {
  const sent = record.getDateTime("confirm_sent_at");
  return !sent.isZero() && sent.unix() > Date.now() / 1000 - RESEND_MINUTES * 60;
}

/**
 * Leaves only what a visitor may set on a sign-up's record (`VISITOR_FIELDS`); the rest
 * is emptied, for the server to set. Also before PocketBase's own handler sees it.
 */
function keepVisitorFields(record) {
  for (const field of record.collection().fields) {
    const name = field.getName();
    if (name === "id" || field.type() === "autodate" || VISITOR_FIELDS.indexOf(name) >= 0) continue;
    record.set(name, "");
  }
}

/** Saves the subscription waiting for its confirmation e-mail, for the job to send once the request has answered. */
function queueConfirmation(e, record) {
  record.set("confirm_sent_at", "");
  record.set("confirm_failures", 0);
  record.set("confirm_retry_at", "");
  e.app.save(record);
  require(`${__hooks}/lib/mail/after-answer.js`).runAfterAnswer(e, CONFIRMATIONS_JOB);
}

/**
 * A visitor's sign-up (`e` of onRecordCreateRequest, its e-mail already cleaned, only
 * its visitor fields kept): stores or updates the subscription and queues what it
 * needs; nothing is sent within the request. The caller answers the same whatever
 * happened here; an invalid record throws PocketBase's usual 400.
 */
function signUp(e) {
  const app = e.app;
  const record = e.record;
  record.set("status", "pending");
  record.set("consented_at", now());
  record.set("unsubscribe_token", newToken());
  // Checked before the address is looked up: a bad sign-up gets the same 400 whoever the address is.
  app.validate(record);
  let existing = null;
  try {
    existing = app.findFirstRecordByFilter(COLLECTION, "email = {:email}", { email: record.getString("email") });
  } catch (_) {
    // A new address.
  }
  if (existing) {
    const status = existing.getString("status");
    if (status === "unsubscribed") {
      existing.set("status", "pending");
      existing.set("consented_at", now());
      existing.set("source", record.getString("source"));
    } else if (status === "confirmed" || sentRecently(existing)) {
      // Nothing to send (subscribed, or the e-mail asked for minutes ago is the answer):
      // a save all the same, so this answer costs what a new address's does.
      app.save(existing);
      return;
    }
    queueConfirmation(e, existing);
    return;
  }
  queueConfirmation(e, record);
}

/** The pending subscription a confirmation token names, or null (unknown, used elsewhere, expired). */
function findByConfirmToken(app, token) {
  if (!TOKEN.test(String(token || ""))) return null;
  try {
    const record = app.findFirstRecordByFilter(COLLECTION, "confirm_token_hash = {:hash}", {
      hash: $security.sha256(token),
    });
    const expires = record.getDateTime("confirm_expires");
    if (expires.isZero() || expires.unix() < Date.now() / 1000) return null;
    return record;
  } catch (_) {
    return null;
  }
}

/** Confirms the subscription: the time and the address it was confirmed from, the proof of consent. */
function confirm(app, record, ip) {
  if (record.getString("status") !== "confirmed") {
    record.set("status", "confirmed");
    record.set("confirmed_at", now());
    record.set("confirmed_ip", String(ip || "").slice(0, 64));
    record.set("unsubscribed_at", "");
  }
  app.save(record);
}

/** The subscription an unsubscribe token names, or null. */
function findByUnsubscribeToken(app, token) {
  if (!TOKEN.test(String(token || ""))) return null;
  try {
    return app.findFirstRecordByFilter(COLLECTION, "unsubscribe_token = {:token}", { token: token });
  } catch (_) {
    return null;
  }
}

function unsubscribe(app, record) {
  if (record.getString("status") === "unsubscribed") return;
  record.set("status", "unsubscribed");
  record.set("unsubscribed_at", now());
  record.set("confirm_token_hash", "");
  app.save(record);
}

/**
 * The job (after each sign-up, and every 5 minutes): the confirmations waiting to be
 * sent (at most `limit` a run), fresh ones before those that failed; also a send whose
 * run died (a claim past lib/mail/mail-retries.js's lease) and those whose pause after a failure is over.
 */
function sendWaitingConfirmations(app, limit) {
  if (!require(`${__hooks}/lib/settings/settings.js`).mailReady(app)) return 0;
  const waiting = app.findRecordsByFilter(
    COLLECTION,
    "status = 'pending' && (confirm_sent_at = '' || (confirm_token_hash = '' && confirm_sent_at < {:lease})) && " +
      "(confirm_retry_at = '' || confirm_retry_at <= {:now}) && confirm_failures < {:max}",
    "confirm_failures,created",
    limit,
    0,
    { lease: retries.minutesFromNow(-retries.CLAIM_LEASE_MINUTES), now: now().string(), max: retries.MAX_FAILURES },
  );
  let sent = 0;
  for (const record of waiting) if (sendConfirmation(app, record)) sent++;
  return sent;
}

/** The job: pending subscriptions never confirmed within PENDING_DAYS are deleted. */
function purgeStalePending(app) {
  const cutoff = now()
    .add(-PENDING_DAYS * DAY_NS)
    .string();
  const stale = app.findRecordsByFilter(COLLECTION, "status = 'pending' && created < {:cutoff}", "created", 500, 0, {
    cutoff: cutoff,
  });
  for (const record of stale) app.delete(record);
  return stale.length;
}

module.exports = {
  keepVisitorFields,
  signUp,
  findByConfirmToken,
  confirm,
  findByUnsubscribeToken,
  unsubscribe,
  unsubscribeLink,
  unsubscribeBase,
  sendWaitingConfirmations,
  purgeStalePending,
  CONFIRM_DAYS,
  RESEND_MINUTES,
  PENDING_DAYS,
};
