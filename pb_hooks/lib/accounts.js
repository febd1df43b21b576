// Account rules shared by accounts.pb.js.

const { fieldError } = require(`${__hooks}/lib/errors.js`);

const PASSWORD_MESSAGES = {
  short: "A senha deve ter pelo menos 8 caracteres.",
  weak: "A senha deve conter pelo menos uma letra maiúscula, minúscula e um número.",
};

/** The spec's sign-up rule: at least 8 characters with a lowercase letter, an uppercase letter and a digit. */
function checkPassword(password) {
  const value = String(password || "");
  if (value.length < 8) throw fieldError("password", "validation_password_too_short", PASSWORD_MESSAGES.short);
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value)) {
    throw fieldError("password", "validation_password_too_weak", PASSWORD_MESSAGES.weak);
  }
}

/**
 * The spec's "secure input" for names: < and > removed, trimmed, cut at 100
 * characters (whole characters: an emoji is never split in half); a name with
 * nothing visible is no name.
 */
function cleanName(value) {
  const { visibleText } = require(`${__hooks}/lib/input.js`);
  const text = visibleText(String(value || "").replace(/[<>]/g, ""));
  return visibleText(Array.from(text).slice(0, 100).join(""));
}

/** A name to store: control characters and line breaks are refused (400), the rest cleaned. */
function checkedName(value) {
  const { visibleText, assertPlainCharacters } = require(`${__hooks}/lib/input.js`);
  assertPlainCharacters("full_name", visibleText(String(value || "")), false);
  return cleanName(value);
}

function countUsers(app) {
  return app.countRecords("users");
}

/** Active admins other than `excludeId`. */
function countOtherActiveAdmins(app, excludeId) {
  return app.countRecords("users", $dbx.exp("role = 'admin' AND is_active = 1 AND id != {:id}", { id: excludeId }));
}

module.exports = { checkPassword, cleanName, checkedName, countUsers, countOtherActiveAdmins, PASSWORD_MESSAGES };
