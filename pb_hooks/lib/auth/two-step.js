// Two-step sign-in for staff (bound in ../two-step.pb.js and lib/common/request-guards.js), on
// PocketBase's MFA and OTP (pb_migrations/*_two_step_sign_in.js):
// - the right password of an account the MFA rule names (active admins, and anyone
//   who turned `two_step` on) gets 401 with an `mfaId`, no token; while no SMTP
//   server is configured the second step is skipped, since no code could arrive;
// - a code is mailed only to whoever holds a live mfaId for that account (so only after
//   its password), at most CODE_LIMITS per account and per requesting address;
// - a code signs in only as that second step (never alone), and is spent after
//   MAX_CODE_TRIES wrong tries; each sign-in that used it leaves an audit row;
// - `two_step` is set only by the account itself, and an admin cannot turn it off.
// Nothing here logs an address or a code.

const CODE_LIMITS = { perAccount: 5, perAddress: 20, windowMinutes: 15 };
const MAX_CODE_TRIES = 5;
/** Longer than a code lives (5 minutes), so a code's tries are counted for its whole life. */
const TRY_WINDOW_MINUTES = 10;

const MESSAGES = {
  noMail: "O envio de e-mails não está configurado: o código de verificação não pode ser enviado.",
  tooManyCodes: "Muitos códigos pedidos. Tente novamente em 15 minutos.",
  expired: "A verificação expirou. Entre de novo com sua senha.",
  spent: "Este código não vale mais: foram 5 tentativas erradas. Peça um novo código.",
  passwordFirst: "O código de verificação é a segunda etapa: entre primeiro com sua senha.",
  ownSwitch: "Só a própria pessoa liga ou desliga a verificação em duas etapas, no Perfil.",
  adminAlways: "Administradores sempre entram com a verificação em duas etapas.",
};

/** Whether e-mail can go out: the second step waits for it. */
function mailReady(app) {
  return require(`${__hooks}/lib/settings/settings.js`).mailReady(app);
}

/**
 * Whether a sign-in's error is PocketBase's "second step needed" answer: it writes the
 * 401 with the mfaId itself and then returns apis.ErrMFA ("mfa required").
 */
function isSecondStepAnswer(e, err) {
  const text = String((err && err.message) || err || "");
  return text.indexOf("mfa required") >= 0 || (e.written() && e.status() === 401);
}

/** onRecordAuthRequest: without e-mail, the password is enough (PocketBase skips MFA for an empty method). */
function skipWithoutMail(e) {
  if (e.authMethod === "password" && !mailReady(e.app)) e.authMethod = "";
  e.next();
}

/**
 * The MFA session a request names, where PocketBase's checkMFA reads it: the query's
 * mfaId, else the body's (bound as PocketBase binds it: lib/common/request-body.js).
 */
function mfaIdOf(e) {
  const query = String((e.requestInfo().query || {}).mfaId || "");
  return query !== "" ? query : require(`${__hooks}/lib/common/request-body.js`).formValues(e, { mfaId: "" }).mfaId;
}

/** The live MFA session `mfaId` names for `record`, or null. */
function pendingMfa(app, record, mfaId) {
  if (!record || typeof mfaId !== "string" || mfaId === "" || mfaId.length > 255) return null;
  let mfa;
  try {
    mfa = app.findMFAById(mfaId);
  } catch (_) {
    return null;
  }
  const collection = record.collection();
  if (mfa.recordRef() !== record.id || mfa.collectionRef() !== collection.id) return null;
  if (mfa.hasExpired(collection.mfa.durationTime())) return null;
  return mfa;
}

/**
 * onRecordRequestOTPRequest: a code is mailed only inside a live MFA session of that
 * account (`mfaId` in the body, from the password step). An unknown e-mail and a wrong
 * mfaId get the same answer, so this tells nothing about which e-mails have accounts.
 */
function guardCodeRequest(e) {
  if (!mailReady(e.app)) throw new BadRequestError(MESSAGES.noMail);
  const throttle = require(`${__hooks}/lib/auth/throttle.js`);
  const ip = e.realIP();
  const { perAccount, perAddress, windowMinutes } = CODE_LIMITS;
  if (!throttle.reserve(e.app, `code-ip:${ip}`, ip, perAddress, windowMinutes)) {
    throw new TooManyRequestsError(MESSAGES.tooManyCodes);
  }
  if (!pendingMfa(e.app, e.record, mfaIdOf(e))) throw new BadRequestError(MESSAGES.expired);
  // Counted only inside a live session: a stranger cannot use up someone's codes.
  if (!throttle.reserve(e.app, `code:${e.record.id}`, ip, perAccount, windowMinutes)) {
    throw new TooManyRequestsError(MESSAGES.tooManyCodes);
  }
  e.next();
}

/** Deletes a code (it can no longer sign anyone in). */
function spend(app, otpId) {
  try {
    app.delete(app.findOTPById(otpId));
  } catch (_) {
    // Already used, expired and cleaned, or never existed.
  }
}

/**
 * The request middleware for POST /api/collections/users/auth-with-otp (PocketBase
 * checks the code before any record hook runs): a code is only a second step, and
 * each try is counted before the check (in one transaction, as sign-ins are), so
 * parallel guesses cannot slip past; the MAX_CODE_TRIES-th wrong try spends the code.
 */
function guardCodeAttempt(e) {
  if (mfaIdOf(e) === "") throw new BadRequestError(MESSAGES.passwordFirst);
  // The code PocketBase will check (`OTPId` included): each try counts against it.
  const otpId = require(`${__hooks}/lib/common/request-body.js`).formValues(e, { otpId: "" }).otpId;
  // Empty or over 255 characters: PocketBase refuses the form before any check.
  if (otpId === "" || otpId.length > 255) return e.next();
  const throttle = require(`${__hooks}/lib/auth/throttle.js`);
  const key = `code-try:${otpId}`;
  if (!throttle.reserve(e.app, key, e.realIP(), MAX_CODE_TRIES, TRY_WINDOW_MINUTES)) {
    spend(e.app, otpId);
    throw new BadRequestError(MESSAGES.spent);
  }
  try {
    e.next();
  } catch (err) {
    if (throttle.count(e.app, key, TRY_WINDOW_MINUTES) >= MAX_CODE_TRIES) spend(e.app, otpId);
    throw err;
  }
  throttle.clear(e.app, key);
}

/**
 * onRecordAuthWithOTPRequest (the code was right): the MFA session must be this
 * account's, then the sign-in completes and the audit log records it.
 */
function completeSecondStep(e) {
  if (!pendingMfa(e.app, e.record, mfaIdOf(e))) throw new BadRequestError(MESSAGES.expired);
  e.next();
  const audit = require(`${__hooks}/lib/audit/audit.js`);
  const who = {
    user: e.record.id,
    actor: e.record.getString("full_name") || e.record.email(),
    ip: e.realIP(),
    userAgent: String(e.requestInfo().headers["user_agent"] || "").slice(0, 512),
  };
  try {
    audit.writeRow(e.app, who, "SIGN_IN", "users", e.record.id, null, { method: "password", second_step: "email_code" });
  } catch (err) {
    // The session is already granted (the response is written): say so, without the person.
    e.app.logger().error("Two-step sign-in not audited", "error", String(err));
  }
}

/**
 * onRecordCreateRequest / onRecordUpdateRequest on users: `two_step` changes only by
 * the account itself (superusers included in "someone else"; a whole-record save that
 * keeps the value passes); an admin cannot turn it off.
 */
function guardSwitch(e, creating) {
  if (creating) {
    if (e.record.get("two_step")) throw new ForbiddenError(MESSAGES.ownSwitch);
    return;
  }
  const sent = require(`${__hooks}/lib/common/request-body.js`).recordValues(e).two_step !== undefined;
  const turned = e.record.get("two_step") !== e.record.original().get("two_step");
  if (!sent && !turned) return;
  const self = !!e.auth && e.auth.collection().name === "users" && e.auth.id === e.record.id;
  if (!self) {
    if (turned) throw new ForbiddenError(MESSAGES.ownSwitch);
    return;
  }
  if (e.record.get("role") === "admin" && !e.record.get("two_step")) throw new ForbiddenError(MESSAGES.adminAlways);
}

module.exports = {
  CODE_LIMITS,
  MAX_CODE_TRIES,
  MESSAGES,
  mailReady,
  isSecondStepAnswer,
  skipWithoutMail,
  guardCodeRequest,
  guardCodeAttempt,
  completeSecondStep,
  guardSwitch,
};
