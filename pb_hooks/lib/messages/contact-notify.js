// The team's e-mail about each new contact message: a quote request must
// reach sales, not only light the panel's bell. Once e-mail is configured, each new
// message is e-mailed in the background (lib/mail/after-answer.js: the visitor's answer never
// waits for it) to Configurações' 'E-mail que recebe as mensagens' (else the contact
// e-mail), with Reply-To set to the visitor, so answering the e-mail answers them.
// Retries follow lib/mail/mail-retries.js. The message's words go only into that e-mail,
// never into a log.

const retries = require(`${__hooks}/lib/mail/mail-retries.js`);

const COLLECTION = "contact_messages";
const JOB = "contact_notifications";
/** Messages older than this when e-mail starts working are not mailed: the panel holds them. */
const FRESH_HOURS = 48;

/** The fields the server alone sets. */
const SERVER_FIELDS = ["notified_at", "notify_claimed_at", "notify_failures"];

/** A visitor's create (`e` of onRecordCreateRequest): the notification's state is the server's. */
function clearState(record) {
  for (const field of SERVER_FIELDS) record.set(field, field === "notify_failures" ? 0 : "");
}

/** After a message is stored: it is e-mailed once the request has answered. */
function queue(e) {
  require(`${__hooks}/lib/mail/after-answer.js`).runAfterAnswer(e, JOB);
}

/** Where the messages go: 'E-mail que recebe as mensagens', else the contact e-mail; "" when neither is an address. */
function recipient(app) {
  const settings = require(`${__hooks}/lib/settings/settings.js`);
  const { isEmail } = require(`${__hooks}/lib/common/input.js`);
  for (const key of ["contact_notify_email", "contact_email"]) {
    const value = settings.settingValue(app, key).trim();
    if (value !== "") return isEmail(value) ? value : "";
  }
  return "";
}

/** A select's label, as the form shows it (the value when unknown). */
function labelOf(field, value) {
  const option = (field.options || []).find((item) => item.value === value);
  return option ? option.label : value;
}

/** The e-mail, pt-BR, HTML and plain text: every field the visitor filled, with the form's labels. */
function messageOf(app, record, to) {
  const { escapeHtml } = require(`${__hooks}/lib/forms/server-pages.js`);
  const fields = require(`${__hooks}/lib/forms/public-forms.js`).fieldsOf(COLLECTION);
  const settings = app.settings();
  const name = record.getString("name");
  const company = record.getString("company");
  const rows = fields
    .filter((field) => field.kind !== "hidden" && field.name !== "message")
    .map((field) => [
      field.label,
      field.kind === "select" ? labelOf(field, record.getString(field.name)) : record.getString(field.name),
    ]);
  const message = record.getString("message");
  const panel = `${require(`${__hooks}/lib/settings/settings.js`).siteAddress(app)}/admin`;
  const text =
    "Nova mensagem de contato pelo site.\n\n" +
    rows.map(([label, value]) => `${label}: ${value}`).join("\n") +
    `\n\nMensagem:\n${message}\n\n` +
    `Responda a este e-mail para falar direto com ${name}. A mensagem também está no painel: ${panel}\n`;
  const html =
    "<p>Nova mensagem de contato pelo site.</p><table>" +
    rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("") +
    `</table><p><strong>Mensagem:</strong></p><p style="white-space:pre-wrap">${escapeHtml(message)}</p>` +
    `<p>Responda a este e-mail para falar direto com ${escapeHtml(name)}. A mensagem também está no ` +
    `<a href="${escapeHtml(panel)}">painel</a>.</p>`;
  return new MailerMessage({
    from: { address: settings.meta.senderAddress, name: settings.meta.senderName },
    to: [{ address: to }],
    subject: `Nova mensagem de contato: ${name}${company ? ` (${company})` : ""}`,
    html: html,
    text: text,
    headers: { "Reply-To": record.getString("email") },
  });
}

/** Takes a message for this run, as the run saw it (runs may overlap): whether this one has it. */
function claim(app, record, claimedAt) {
  return retries.updateOne(
    app,
    "UPDATE contact_messages SET notify_claimed_at = {:at} WHERE id = {:id} AND notified_at = '' AND notify_claimed_at = {:seen}",
    { at: claimedAt, id: record.id, seen: record.getString("notify_claimed_at") },
  );
}

/** Whether a message waits: never claimed, or its claim's run died, or its pause after a failure is over. */
function due(record) {
  const claimed = record.getDateTime("notify_claimed_at");
  if (claimed.isZero()) return true;
  const failures = record.getInt("notify_failures");
  const wait = Math.max(retries.CLAIM_LEASE_MINUTES, failures > 0 ? retries.pauseMinutes(failures) : 0);
  return claimed.unix() <= Date.now() / 1000 - wait * 60;
}

/** Sends one message's e-mail; false when another run took it or the server failed (it waits for a later run). */
function notify(app, record, to) {
  const claimedAt = new DateTime().string();
  if (!claim(app, record, claimedAt)) return false;
  const mine = { id: record.id, at: claimedAt };
  try {
    app.newMailClient().send(messageOf(app, record, to));
  } catch (err) {
    const failures = record.getInt("notify_failures") + 1;
    // The record's id and the reply code: never the visitor's address or words.
    console.log(`contato: o aviso da mensagem ${record.id} não foi enviado (${retries.replyCode(err)}; tentativa ${failures})`);
    retries.updateOne(
      app,
      "UPDATE contact_messages SET notify_failures = {:failures} WHERE id = {:id} AND notify_claimed_at = {:at}",
      Object.assign({ failures: failures }, mine),
    );
    return false;
  }
  retries.updateOne(app, "UPDATE contact_messages SET notified_at = {:at} WHERE id = {:id} AND notify_claimed_at = {:at}", mine);
  return true;
}

/** The job (after each message, and every 5 minutes): the new messages not yet e-mailed (at most `limit` a run). */
function sendWaiting(app, limit) {
  if (!require(`${__hooks}/lib/settings/settings.js`).mailReady(app)) return 0;
  const to = recipient(app);
  if (to === "") return 0;
  const waiting = app.findRecordsByFilter(
    COLLECTION,
    "notified_at = '' && notify_failures < {:max} && created >= {:since}",
    "notify_failures,created",
    limit,
    0,
    { max: retries.MAX_FAILURES, since: retries.minutesFromNow(-FRESH_HOURS * 60) },
  );
  let sent = 0;
  for (const record of waiting) if (due(record) && notify(app, record, to)) sent++;
  return sent;
}

module.exports = { clearState, queue, sendWaiting, recipient, JOB };
