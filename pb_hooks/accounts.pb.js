/// <reference path="../pb_data/types.d.ts" />

// Account rules (spec admin-panel.md and ARCHITECTURE.md):
// - the very first account becomes an active admin; later self-registered accounts
//   are inactive authors; accounts created by an admin are active with the chosen role;
// - the sign-up password rule is checked here too, and the name and e-mail pass the
//   same input rules as the public forms (lib/input.js; the avatar: files.pb.js);
// - a self sign-up carries no avatar: it is set in the profile once the account is active;
// - the last active admin can never be demoted, deactivated or deleted;
// - changing someone's role or active flag ends their sessions at once;
// - 5 failed sign-ins for one e-mail within 15 minutes block it (429).

onRecordCreateRequest((e) => {
  const accounts = require(`${__hooks}/lib/accounts.js`);
  const body = e.requestInfo().body;
  accounts.checkPassword(body.password);
  e.record.set("full_name", accounts.checkedName(e.record.get("full_name")));
  require(`${__hooks}/lib/input.js`).cleanEmail(e.record, "email", false);

  const byAdmin = e.auth && !e.auth.isSuperuser() && e.auth.get("role") === "admin" && e.auth.get("is_active");
  if (e.hasSuperuserAuth() || byAdmin) {
    if (!e.record.get("role")) e.record.set("role", "author");
    if (body.is_active === undefined) e.record.set("is_active", true);
  } else if (e.record.getUnsavedFiles("avatar").length > 0) {
    // Self sign-ups carry no avatar (the forms have none): otherwise anyone could
    // host an image on our origin without an account anyone approved.
    throw require(`${__hooks}/lib/errors.js`).fieldError(
      "avatar",
      "validation_avatar_on_sign_up",
      "O avatar é escolhido depois, no seu perfil, com a conta já ativada.",
    );
  } else if (accounts.countUsers(e.app) === 0) {
    e.record.set("role", "admin");
    e.record.set("is_active", true);
  } else {
    e.record.set("role", "author");
    e.record.set("is_active", false);
  }
  e.next();
}, "users");

onRecordUpdateRequest((e) => {
  const accounts = require(`${__hooks}/lib/accounts.js`);
  const body = e.requestInfo().body;
  if (body.password !== undefined) accounts.checkPassword(body.password);
  if (body.full_name !== undefined) e.record.set("full_name", accounts.checkedName(e.record.get("full_name")));
  if (body.email !== undefined) require(`${__hooks}/lib/input.js`).cleanEmail(e.record, "email", false);
  e.next();
}, "users");

// A new address goes through the same e-mail rule as sign-ups.
onRecordRequestEmailChangeRequest((e) => {
  const input = require(`${__hooks}/lib/input.js`);
  if (!input.isEmail(input.visibleText(e.newEmail || ""))) {
    throw require(`${__hooks}/lib/errors.js`).fieldError("newEmail", "validation_invalid_email", input.MESSAGES.email);
  }
  e.next();
}, "users");

// Model-level, so they hold for every path (API, dashboard, hooks).
onRecordUpdate((e) => {
  const accounts = require(`${__hooks}/lib/accounts.js`);
  const before = e.record.original();
  const wasActiveAdmin = before.get("role") === "admin" && before.get("is_active");
  const staysActiveAdmin = e.record.get("role") === "admin" && e.record.get("is_active");
  if (wasActiveAdmin && !staysActiveAdmin && accounts.countOtherActiveAdmins(e.app, e.record.id) === 0) {
    throw new BadRequestError("O último administrador ativo não pode ser rebaixado nem desativado.");
  }
  if (before.get("role") !== e.record.get("role") || before.get("is_active") !== e.record.get("is_active")) {
    // A new token key invalidates every token issued before: open sessions end now.
    e.record.refreshTokenKey();
  }
  e.next();
}, "users");

onRecordDelete((e) => {
  const accounts = require(`${__hooks}/lib/accounts.js`);
  if (
    e.record.get("role") === "admin" &&
    e.record.get("is_active") &&
    accounts.countOtherActiveAdmins(e.app, e.record.id) === 0
  ) {
    throw new BadRequestError("O último administrador ativo não pode ser excluído.");
  }
  e.next();
}, "users");

onRecordAuthWithPasswordRequest((e) => {
  const throttle = require(`${__hooks}/lib/throttle.js`);
  const identity = throttle.normalize(e.identity);
  throttle.assertAllowed(e.app, identity);
  try {
    e.next();
  } catch (err) {
    throttle.recordFailure(e.app, identity, e.realIP());
    throw err;
  }
  throttle.clearFailures(e.app, identity);
}, "users");

cronAdd("purge_login_attempts", "17 * * * *", () => {
  require(`${__hooks}/lib/throttle.js`).purgeOld($app);
});
