// Public site settings: the known keys, their validation, and the SMTP keys that
// configure PocketBase's mailer (password-reset and notification e-mails): server,
// port, user, password, encryption (smtp_tls) and sender (meta.senderName/Address).

const { fieldError } = require(`${__hooks}/lib/common/errors.js`);

// The keys and the rules of their values are shared/settings.js, which the admin's form applies too.
const SHARED = require(`${__hooks}/lib/common/shared.js`).sharedModule("settings.js");
const KEYS = SHARED.SETTING_KEYS;
const TLS_CHOICES = SHARED.TLS_VALUES;

function validate(record) {
  const key = String(record.get("key") || "");
  const value = String(record.get("value") || "").trim();
  if (KEYS.indexOf(key) < 0) throw fieldError("key", "validation_unknown_key", "Configuração desconhecida: " + key);
  record.set("value", value);
  if (value === "") return;
  const forms = require(`${__hooks}/../shared/public-forms.json`);
  const refusal = SHARED.settingRefusal(key, value, {
    retention: forms.forms.contact_messages.retentionMonths,
    rate: forms.newsletter.ratePerMinute,
  });
  // '<' and '>' are named first, as before any other character rule.
  if (refusal && refusal.code === "validation_invalid_characters") throw fieldError("value", refusal.code, refusal.message);
  require(`${__hooks}/lib/common/input.js`).assertPlainCharacters("value", value, key === "site_description");
  if (refusal) throw fieldError("value", refusal.code, refusal.message);
}

/** smtp_password goes straight into the mail settings; the row keeps an empty value. */
function absorbSecret(app, record) {
  if (record.get("key") !== "smtp_password") return;
  const password = String(record.get("value") || "");
  if (password !== "") {
    // A copy: the live settings stay whole while it is saved (pb_hooks/lib/backups/storage.js).
    const settings = app.settings().clone();
    settings.smtp.password = password;
    app.save(settings);
  }
  record.set("value", "");
}

function settingValue(app, key) {
  try {
    return String(app.findFirstRecordByData("public_site_settings", "key", key).get("value") || "");
  } catch (_) {
    return "";
  }
}

/** After an smtp_* key changes, PocketBase's mailer follows the stored values. */
function applyMailSettings(app, record) {
  if (String(record.get("key")).indexOf("smtp_") !== 0) return;
  // A copy: the live settings stay whole while it is saved (pb_hooks/lib/backups/storage.js).
  const settings = app.settings().clone();
  const host = settingValue(app, "smtp_host");
  const port = parseInt(settingValue(app, "smtp_port") || "587", 10);
  settings.smtp.enabled = host !== "";
  settings.smtp.host = host;
  settings.smtp.port = port;
  settings.smtp.username = settingValue(app, "smtp_user");
  const tls = settingValue(app, "smtp_tls");
  settings.smtp.tls = tls ? tls === "tls" : port === 465;
  // PocketBase requires a sender: an empty field keeps the one in use.
  settings.meta.senderName = settingValue(app, "smtp_sender_name") || settings.meta.senderName;
  settings.meta.senderAddress = settingValue(app, "smtp_sender_address") || settings.meta.senderAddress;
  app.save(settings);
}

/** Whether e-mail can go out: an SMTP server is set in Configurações (applyMailSettings). */
function mailReady(app) {
  return !!app.settings().smtp.enabled;
}

/** A local address, as this server derives it (or the first start's default): not one an operator chose. */
const LOCAL_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):[0-9]+$/;

/**
 * Where links in e-mails point: PUBLIC_SITE_URL; without it, this server's own
 * address: the one `serve --http` listens on (HTTP_ADDR, set by server/main.go), else
 * HOST and PORT as npm start passes them, else PocketBase's default port. Never
 * the request's Host header: a forged Host would send a reset link, with its token,
 * to another site.
 */
function linkOrigin() {
  const url = $os.getenv("PUBLIC_SITE_URL");
  if (url) return url.replace(/\/+$/, "");
  // "127.0.0.1:8090", ":8090" or "[::1]:8090".
  const parts = /^\[?([^\]]*?)\]?:(\d+)$/.exec($os.getenv("HTTP_ADDR"));
  const host = parts ? parts[1] : $os.getenv("HOST");
  const port = parts ? parts[2] : $os.getenv("PORT") || "8090";
  const name = !host || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${name.indexOf(":") >= 0 ? `[${name}]` : name}:${port}`;
}

/**
 * At start: links follow PUBLIC_SITE_URL, or, without it, this server's address,
 * unless an operator set the application URL in the dashboard (then it stays).
 */
function applyLinkOrigin(app) {
  // A copy: the live settings stay whole while it is saved (pb_hooks/lib/backups/storage.js).
  const settings = app.settings().clone();
  const origin = linkOrigin();
  const current = settings.meta.appURL;
  const chosenByOperator = !$os.getenv("PUBLIC_SITE_URL") && !LOCAL_ORIGIN.test(current);
  if (current === origin || chosenByOperator) return;
  settings.meta.appURL = origin;
  app.save(settings);
}

/** The site's address as the links in e-mails and pages use it (appURL, without a trailing slash). */
function siteAddress(app) {
  return String(app.settings().meta.appURL || "").replace(/\/+$/, "");
}

module.exports = {
  KEYS,
  TLS_CHOICES,
  validate,
  absorbSecret,
  applyMailSettings,
  mailReady,
  linkOrigin,
  applyLinkOrigin,
  settingValue,
  siteAddress,
};
