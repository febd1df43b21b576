// Account rules shared by accounts.pb.js.

const { fieldError } = require(`${__hooks}/lib/common/errors.js`);

// The password rule and the name's limit are shared/accounts.js, which the admin's screens show too.
const { PASSWORD_MESSAGES, passwordProblem, FULL_NAME_MAX } = require(`${__hooks}/lib/common/shared.js`).sharedModule(
  "accounts.js",
);

/** The sign-up rule: at least 8 characters with a lowercase letter, an uppercase letter and a digit. */
function checkPassword(password) {
  const problem = passwordProblem(password);
  if (problem === "short") throw fieldError("password", "validation_password_too_short", PASSWORD_MESSAGES.short);
  if (problem === "weak") throw fieldError("password", "validation_password_too_weak", PASSWORD_MESSAGES.weak);
}

/**
 * "Secure input" for names: < and > removed, trimmed, cut at FULL_NAME_MAX
 * characters (whole characters: an emoji is never split in half); a name with
 * nothing visible is no name.
 */
function cleanName(value) {
  const { visibleText } = require(`${__hooks}/lib/common/input.js`);
  const text = visibleText(String(value || "").replace(/[<>]/g, ""));
  return visibleText(Array.from(text).slice(0, FULL_NAME_MAX).join(""));
}

/** A name to store: control characters and line breaks are refused (400), the rest cleaned. */
function checkedName(value) {
  const { visibleText, assertPlainCharacters } = require(`${__hooks}/lib/common/input.js`);
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

/** An admin never changes their own role or active flag: another admin must. */
const OWN_ROLE_MESSAGE = "Você não pode alterar a própria função nem desativar a própria conta. Peça a outro administrador.";

/** E-mails are case-insensitive: one person, one stored form. */
function normalizeEmail(email) {
  return String(email || "")
    .trim()
    .toLowerCase();
}

/** Whether an account already has this e-mail (compared without case, as the index does). */
function emailTaken(app, email) {
  return app.countRecords("users", $dbx.exp("email = {:email} COLLATE NOCASE", { email: normalizeEmail(email) })) > 0;
}

/**
 * A public sign-up with an e-mail that already has an account: it is answered
 * exactly as a sign-up that worked (so sign-up tells no one which e-mails have
 * accounts) and creates nothing. The request still goes through every check a new
 * account would, with the same errors; the owner can sign in or use 'Recuperar'.
 */
function answerAsSignedUp(e, body) {
  // The form checks PocketBase makes before saving, with its codes and texts.
  const formError = (code, message) =>
    new BadRequestError("Failed to create record.", { passwordConfirm: new ValidationError(code, message) });
  const confirm = String(body.passwordConfirm === undefined || body.passwordConfirm === null ? "" : body.passwordConfirm);
  if (confirm === "") throw formError("validation_required", "Cannot be blank.");
  if (confirm !== String(body.password)) throw formError("validation_values_mismatch", "Values don't match.");

  const record = e.record;
  const email = record.get("email");
  // Every other field is checked as PocketBase would on save, with an unused e-mail.
  record.set("email", `${$security.randomStringWithAlphabet(24, "abcdefghijklmnopqrstuvwxyz0123456789")}@cadastro.invalid`);
  try {
    e.app.validate(record);
  } catch (err) {
    throw new BadRequestError("Failed to create record.", err.value || err);
  } finally {
    record.set("email", email);
  }
  const now = new DateTime();
  record.set("id", $security.randomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789"));
  record.set("created", now);
  record.set("updated", now);
  return e.json(200, record);
}

module.exports = {
  OWN_ROLE_MESSAGE,
  normalizeEmail,
  emailTaken,
  answerAsSignedUp,
  checkPassword,
  cleanName,
  checkedName,
  countUsers,
  countOtherActiveAdmins,
  PASSWORD_MESSAGES,
};
