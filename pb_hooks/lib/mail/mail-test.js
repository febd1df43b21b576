// 'Enviar e-mail de teste' (Configurações › Integrações, src/admin/settings/): one
// e-mail through the saved SMTP settings, answered with what the server said in pt-BR
// plus its own words, for active admins only (POST /api/site/mail/test).
// Not a way to mail strangers: the recipient must be an active staff account's address
// (the admin's own by default; a superuser may also use its own), and each admin has
// LIMIT tests per window (lib/auth/throttle.js), enough to fix a setting and try again.
// The SMTP password never reaches the answer or the log: only the mailer's error is
// shown, and the mailer's errors quote the server, never the credentials.

const LIMIT = { max: 5, windowMinutes: 10 };

const MESSAGES = {
  forbidden: "Só administradores enviam e-mails de teste.",
  email: "Informe um e-mail válido.",
  notStaff: "O teste só vai para e-mails de contas ativas da equipe, como o seu.",
  notConfigured: "Configure o servidor SMTP em Configurações › Integrações e salve antes de testar.",
  limit: `Muitos e-mails de teste: no máximo ${LIMIT.max} a cada ${LIMIT.windowMinutes} minutos. Tente novamente mais tarde.`,
};

/**
 * What a failure means, by the words Go's mailer puts in it (net, crypto/tls, net/smtp),
 * first match wins: the auth refusal before the generic 5xx, TLS before timeouts.
 */
const FAILURES = [
  {
    reason: "refused",
    test: /connection refused/i,
    message: "O servidor SMTP recusou a conexão: confira o endereço do servidor e a porta.",
  },
  {
    reason: "not_found",
    test: /no such host|server misbehaving/i,
    message: "O servidor SMTP não foi encontrado: confira o endereço do servidor.",
  },
  {
    reason: "unencrypted",
    test: /unencrypted connection/i,
    message:
      "A senha não foi enviada porque a conexão não é criptografada: o servidor não oferece STARTTLS. Escolha TLS implícito (porta 465) ou confira a porta.",
  },
  {
    reason: "auth",
    test: /\b53[45]\b|authenticat|username and password|credentials/i,
    message: "O servidor SMTP recusou a autenticação: confira o usuário e a senha.",
  },
  {
    reason: "tls",
    test: /tls:|x509|certificate|handshake|oversized record|first record/i,
    message:
      "A conexão segura (TLS) falhou: confira a criptografia escolhida e a porta (465 para TLS implícito, 587 para STARTTLS).",
  },
  {
    reason: "timeout",
    test: /time(d)? ?out|deadline exceeded|não respondeu/i,
    message: "O servidor SMTP não respondeu a tempo: confira o endereço, a porta e se um firewall bloqueia a conexão.",
  },
  {
    reason: "rejected",
    test: /\b5[0-9][0-9]\b/,
    message: "O servidor SMTP recusou a mensagem ou o destinatário.",
  },
  {
    reason: "deferred",
    test: /\b4[0-9][0-9]\b/,
    message: "O servidor SMTP recusou a mensagem por enquanto: tente de novo em alguns minutos.",
  },
];
const UNKNOWN = { reason: "unknown", message: "O envio falhou: veja a resposta do servidor." };

/** A mailer failure as the panel shows it: its kind, a pt-BR explanation and the raw text. */
function explain(err) {
  const detail = String((err && err.message) || err || "").slice(0, 500);
  const found = FAILURES.find((failure) => failure.test.test(detail)) || UNKNOWN;
  return { sent: false, reason: found.reason, message: found.message, detail: detail };
}

/** Whether `email` may receive a test: an active staff account's, or the superuser's own. */
function staffAddress(app, auth, email) {
  if (auth.isSuperuser() && auth.email().toLowerCase() === email) return true;
  try {
    return !!app.findAuthRecordByEmail("users", email).get("is_active");
  } catch (_) {
    return false;
  }
}

function send(e) {
  const auth = e.auth;
  if (!require(`${__hooks}/lib/auth/staff.js`).isActiveAdmin(auth, true)) throw new ForbiddenError(MESSAGES.forbidden);
  const { fieldError } = require(`${__hooks}/lib/common/errors.js`);
  const to = require(`${__hooks}/lib/common/request-body.js`).formValues(e, { to: "" }).to.trim().toLowerCase() || auth.email();
  if (!require(`${__hooks}/lib/common/input.js`).isEmail(to)) throw fieldError("to", "validation_invalid_email", MESSAGES.email);
  if (!staffAddress(e.app, auth, to)) throw fieldError("to", "validation_not_staff", MESSAGES.notStaff);
  const settings = require(`${__hooks}/lib/settings/settings.js`);
  if (!settings.mailReady(e.app)) throw new BadRequestError(MESSAGES.notConfigured);
  const throttle = require(`${__hooks}/lib/auth/throttle.js`);
  if (!throttle.reserve(e.app, `mail-test:${auth.id}`, e.realIP(), LIMIT.max, LIMIT.windowMinutes)) {
    throw new TooManyRequestsError(MESSAGES.limit);
  }
  const meta = e.app.settings().meta;
  const message = new MailerMessage({
    from: { address: meta.senderAddress, name: meta.senderName },
    to: [{ address: to }],
    subject: `E-mail de teste – ${meta.appName}`,
    html:
      "<p>Olá,</p><p>Este é um e-mail de teste enviado pelo painel administrativo (Configurações › Integrações).</p>" +
      "<p>Se ele chegou, o envio de e-mails do site está funcionando.</p>",
  });
  try {
    e.app.newMailClient().send(message);
  } catch (err) {
    return e.json(200, explain(err));
  }
  return e.json(200, { sent: true, to: to, message: `E-mail de teste enviado para ${to}.` });
}

module.exports = { send, explain, LIMIT, MESSAGES };
