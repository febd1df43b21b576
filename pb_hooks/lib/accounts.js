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

/** Removes markup characters and trims, as the spec's "secure input" does. */
function cleanName(value) {
  return String(value || "")
    .replace(/[<>]/g, "")
    .trim()
    .slice(0, 100);
}

function countUsers(app) {
  return app.countRecords("users");
}

/** Active admins other than `excludeId`. */
function countOtherActiveAdmins(app, excludeId) {
  return app.countRecords("users", $dbx.exp("role = 'admin' AND is_active = 1 AND id != {:id}", { id: excludeId }));
}

module.exports = { checkPassword, cleanName, countUsers, countOtherActiveAdmins, PASSWORD_MESSAGES };
