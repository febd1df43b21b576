// Public site settings: the known keys, their validation, and the SMTP keys that
// configure PocketBase's mailer (password-reset and notification e-mails): server,
// port, user, password, encryption (smtp_tls) and sender (meta.senderName/Address).

const { fieldError } = require(`${__hooks}/lib/errors.js`);

const KEYS = [
  "site_title",
  "site_description",
  "site_logo",
  "site_favicon",
  "contact_email",
  "contact_notify_email",
  "contact_phone",
  "social_facebook",
  "social_instagram",
  "social_linkedin",
  "social_youtube",
  "smtp_host",
  "smtp_port",
  "smtp_user",
  "smtp_password",
  "smtp_tls",
  "smtp_sender_name",
  "smtp_sender_address",
  "newsletter_rate_per_minute",
  "google_analytics_id",
  "contact_retention_months",
];

// The validation patterns, the same as the admin's (src/admin/settings/settingsRules.ts).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9\s()-]+$/;
const URL = /^https?:\/\/\S+$/;

/**
 * smtp_tls: how the mailer encrypts. 'starttls' connects in plain text and upgrades
 * with STARTTLS whenever the server offers it (PocketBase's mailer always does, so
 * there is no 'never encrypt' choice to offer); 'tls' is implicit TLS from the first
 * byte (port 465). Empty (installs before the choice): implicit TLS on port 465 only.
 */
const TLS_CHOICES = ["starttls", "tls"];

function validate(record) {
  const key = String(record.get("key") || "");
  const value = String(record.get("value") || "").trim();
  if (KEYS.indexOf(key) < 0) throw fieldError("key", "validation_unknown_key", "Configuração desconhecida: " + key);
  record.set("value", value);
  if (value === "") return;
  if (/[<>]/.test(value)) throw fieldError("value", "validation_invalid_characters", "Os caracteres < e > não são permitidos.");
  require(`${__hooks}/lib/input.js`).assertPlainCharacters("value", value, key === "site_description");
  if ((key === "contact_email" || key === "contact_notify_email" || key === "smtp_sender_address") && !EMAIL.test(value))
    throw fieldError("value", "validation_invalid_email", "Informe um e-mail válido.");
  if (key === "contact_phone" && !PHONE.test(value))
    throw fieldError("value", "validation_invalid_phone", "Informe um telefone válido.");
  if ((key.indexOf("social_") === 0 || key === "site_logo" || key === "site_favicon") && !URL.test(value)) {
    throw fieldError("value", "validation_invalid_url", "A URL deve começar com http:// ou https://.");
  }
  if (key === "smtp_port" && !/^[0-9]{1,5}$/.test(value))
    throw fieldError("value", "validation_invalid_port", "Informe uma porta numérica.");
  if (key === "smtp_tls" && TLS_CHOICES.indexOf(value) < 0)
    throw fieldError("value", "validation_invalid_tls", "Escolha a criptografia do envio.");
  if (key === "smtp_sender_name" && value.length > 255)
    throw fieldError("value", "validation_too_long", "Use no máximo 255 caracteres.");
  if (key === "contact_retention_months") {
    const { min, max } = require(`${__hooks}/lib/public-forms.json`).forms.contact_messages.retentionMonths;
    const months = /^[0-9]{1,3}$/.test(value) ? parseInt(value, 10) : NaN;
    if (!(months >= min && months <= max)) {
      throw fieldError("value", "validation_invalid_months", `Informe um número de meses entre ${min} e ${max}.`);
    }
  }
  if (key === "newsletter_rate_per_minute") {
    const { min, max } = require(`${__hooks}/lib/public-forms.json`).newsletter.ratePerMinute;
    const rate = /^[0-9]{1,5}$/.test(value) ? parseInt(value, 10) : NaN;
    if (!(rate >= min && rate <= max)) {
      throw fieldError("value", "validation_invalid_rate", `Informe um número de e-mails por minuto entre ${min} e ${max}.`);
    }
  }
  if (key === "google_analytics_id" && !/^G-[A-Z0-9]{4,20}$/i.test(value)) {
    throw fieldError("value", "validation_invalid_analytics_id", "Use um ID do Google Analytics no formato G-XXXXXXX.");
  }
}

/** smtp_password goes straight into the mail settings; the row keeps an empty value. */
function absorbSecret(app, record) {
  if (record.get("key") !== "smtp_password") return;
  const password = String(record.get("value") || "");
  if (password !== "") {
    // A copy: the live settings stay whole while it is saved (pb_hooks/lib/storage.js).
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
  // A copy: the live settings stay whole while it is saved (pb_hooks/lib/storage.js).
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
  // A copy: the live settings stay whole while it is saved (pb_hooks/lib/storage.js).
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
