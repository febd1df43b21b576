/// <reference path="../pb_data/types.d.ts" />

// Account rules (the role table: src/lib/permissions.ts; for staff: docs/painel.md):
// - the very first account becomes an active admin; later self-registered accounts
//   are inactive authors; accounts created by an admin are active with the chosen role;
// - the sign-up password rule is checked here too, and the name and e-mail pass the
//   same input rules as the public forms (lib/common/input.js; the avatar: files.pb.js);
// - a self sign-up carries no avatar: it is set in the profile once the account is active;
// - the last active admin can never be demoted, deactivated or deleted;
// - changing someone's role or active flag ends their sessions at once, and an admin
//   cannot change their own (another admin must);
// - e-mails are stored lowercase and trimmed (the unique index ignores case); a public
//   sign-up with a registered e-mail is answered as one that worked and creates nothing;
// - 5 failed sign-ins for one account within 15 minutes block it (429), staff and
//   superusers alike, until the window passes or a password reset by e-mail
//   (lib/auth/throttle.js); password-reset requests are limited per e-mail and address;
// - sessions end 8 hours after sign-in, and an inactive account's token opens
//   nothing (lib/auth/sessions.js).

onRecordCreateRequest((e) => {
  const accounts = require(`${__hooks}/lib/auth/accounts.js`);
  const body = require(`${__hooks}/lib/common/request-body.js`).recordValues(e);
  accounts.checkPassword(body.password);
  e.record.set("full_name", accounts.checkedName(e.record.get("full_name")));
  require(`${__hooks}/lib/common/input.js`).cleanEmail(e.record, "email", true);

  const byAdmin = e.auth && !e.auth.isSuperuser() && e.auth.get("role") === "admin" && e.auth.get("is_active");
  if (e.hasSuperuserAuth() || byAdmin) {
    if (!e.record.get("role")) e.record.set("role", "author");
    if (body.is_active === undefined) e.record.set("is_active", true);
  } else if (e.record.getUnsavedFiles("avatar").length > 0) {
    // Self sign-ups carry no avatar (the forms have none): otherwise anyone could
    // host an image on our origin without an account anyone approved.
    throw require(`${__hooks}/lib/common/errors.js`).fieldError(
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
    if (accounts.emailTaken(e.app, e.record.get("email"))) return accounts.answerAsSignedUp(e, body);
  }
  e.next();
}, "users");

onRecordUpdateRequest((e) => {
  const accounts = require(`${__hooks}/lib/auth/accounts.js`);
  const body = require(`${__hooks}/lib/common/request-body.js`).recordValues(e);
  if (body.password !== undefined) accounts.checkPassword(body.password);
  if (body.full_name !== undefined) e.record.set("full_name", accounts.checkedName(e.record.get("full_name")));
  if (body.email !== undefined) require(`${__hooks}/lib/common/input.js`).cleanEmail(e.record, "email", true);
  const before = e.record.original();
  const self = e.auth && e.auth.collection().name === "users" && e.auth.id === e.record.id;
  if (self && (e.record.get("role") !== before.get("role") || e.record.get("is_active") !== before.get("is_active"))) {
    throw new ForbiddenError(accounts.OWN_ROLE_MESSAGE);
  }
  e.next();
}, "users");

// A new address goes through the same e-mail rule as sign-ups.
onRecordRequestEmailChangeRequest((e) => {
  const input = require(`${__hooks}/lib/common/input.js`);
  if (!input.isEmail(input.visibleText(e.newEmail || ""))) {
    throw require(`${__hooks}/lib/common/errors.js`).fieldError("newEmail", "validation_invalid_email", input.MESSAGES.email);
  }
  e.next();
}, "users");

// Model-level, so they hold for every path (API, dashboard, hooks, e-mail change).
onRecordCreate((e) => {
  e.record.set("email", require(`${__hooks}/lib/auth/accounts.js`).normalizeEmail(e.record.get("email")));
  e.next();
}, "users");

onRecordUpdate((e) => {
  const accounts = require(`${__hooks}/lib/auth/accounts.js`);
  e.record.set("email", accounts.normalizeEmail(e.record.get("email")));
  const before = e.record.original();
  const wasActiveAdmin = before.get("role") === "admin" && before.get("is_active");
  const staysActiveAdmin = e.record.get("role") === "admin" && e.record.get("is_active");
  if (wasActiveAdmin && !staysActiveAdmin && accounts.countOtherActiveAdmins(e.app, e.record.id) === 0) {
    throw new BadRequestError("O último administrador ativo não pode ser rebaixado nem desativado.");
  }
  // A new token key invalidates every token issued before: open sessions end now, on a
  // role change or a reactivation. A deactivated account keeps its key: its token
  // opens nothing (lib/auth/sessions.js answers 403 'Conta inativa.' to every request), and
  // so the open panel can say 'Conta Inativa' at once instead of a bare sign-out.
  const reactivated = !before.get("is_active") && e.record.get("is_active");
  if (before.get("role") !== e.record.get("role") || reactivated) e.record.refreshTokenKey();
  e.next();
}, "users");

onRecordDelete((e) => {
  const accounts = require(`${__hooks}/lib/auth/accounts.js`);
  if (
    e.record.get("role") === "admin" &&
    e.record.get("is_active") &&
    accounts.countOtherActiveAdmins(e.app, e.record.id) === 0
  ) {
    throw new BadRequestError("O último administrador ativo não pode ser excluído.");
  }
  e.next();
}, "users");

onRecordAuthWithPasswordRequest(
  (e) => {
    require(`${__hooks}/lib/auth/throttle.js`).guardSignIn(e);
  },
  "users",
  "_superusers",
);

// A refresh never moves a session's end past 8 hours from sign-in.
onRecordAuthRefreshRequest((e) => {
  require(`${__hooks}/lib/auth/sessions.js`).markRefresh(e);
}, "users");

onRecordAuthRequest((e) => {
  require(`${__hooks}/lib/auth/sessions.js`).keepSignInExpiry(e);
}, "users");

// An inactive account changes neither its password nor its e-mail, even with a link
// mailed while it was active; no reset mail is sent for it (the reply is the same 204).
onRecordRequestPasswordResetRequest((e) => {
  if (!e.record.get("is_active")) return e.noContent(204);
  e.next();
}, "users");

onRecordConfirmPasswordResetRequest(
  (e) => {
    if (e.record.collection().name === "users" && !e.record.get("is_active")) {
      throw new ForbiddenError(require(`${__hooks}/lib/auth/sessions.js`).INACTIVE_MESSAGE);
    }
    e.next();
    // The owner proved they hold the mailbox: the sign-in block ends now.
    require(`${__hooks}/lib/auth/throttle.js`).clearAccount(e.app, e.record);
  },
  "users",
  "_superusers",
);

onRecordConfirmEmailChangeRequest((e) => {
  if (!e.record.get("is_active")) throw new ForbiddenError(require(`${__hooks}/lib/auth/sessions.js`).INACTIVE_MESSAGE);
  e.next();
}, "users");

// Whether the next sign-up becomes the panel's first administrator (no account exists yet),
// so the sign-up form says what will happen. It tells nothing else: anyone could learn the
// same by signing up, and an empty panel is open to its first sign-up anyway.
routerAdd("GET", "/api/site/sign-up", (e) =>
  e.json(200, { firstAccount: require(`${__hooks}/lib/auth/accounts.js`).countUsers(e.app) === 0 }),
);

cronAdd("purge_login_attempts", "17 * * * *", () => {
  require(`${__hooks}/lib/auth/throttle.js`).purgeOld($app);
});
