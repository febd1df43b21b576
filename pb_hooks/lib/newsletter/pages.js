// The newsletter's pages the server answers itself (pb_hooks/newsletter.pb.js): the
// confirmation link's and the unsubscribe link's. A GET only shows a button; the POST
// acts. The token comes in the link (?t=) and goes back in the form's body.

const newsletter = require(`${__hooks}/lib/newsletter/subscriptions.js`);
const { answer, escapeHtml } = require(`${__hooks}/lib/forms/server-pages.js`);

function home(e) {
  const site = require(`${__hooks}/lib/settings/settings.js`).siteAddress(e.app);
  return `${site}/`;
}

function tokenOf(e) {
  const fromQuery = e.request.url.query().get("t");
  if (fromQuery) return fromQuery;
  try {
    e.request.parseForm();
    return String(e.request.postFormValue("t") || "");
  } catch (_) {
    return "";
  }
}

function invalid(e, title, text) {
  return answer(
    e,
    200,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(home(e))}blog">Ir para o blog</a></p>`,
  );
}

const EXPIRED = "Este link de confirmação é inválido ou expirou.";
const EXPIRED_TEXT = `Os links valem por ${newsletter.CONFIRM_DAYS} dias. Inscreva-se de novo no formulário do blog ou do rodapé do site para receber um novo.`;

function confirmPage(e) {
  const token = tokenOf(e);
  const record = newsletter.findByConfirmToken(e.app, token);
  if (!record) return invalid(e, EXPIRED, EXPIRED_TEXT);
  if (record.getString("status") === "confirmed") return done(e);
  return answer(
    e,
    200,
    "Confirmar inscrição",
    `<h1>Confirmar inscrição na newsletter</h1>` +
      `<p>Toque no botão para confirmar que quer receber as novidades e os artigos por e-mail. Você pode cancelar quando quiser, pelo link de cada mensagem.</p>` +
      `<form method="post" action="/newsletter/confirmar"><input type="hidden" name="t" value="${escapeHtml(token)}">` +
      `<button type="submit">Confirmar inscrição</button></form>`,
  );
}

function done(e) {
  return answer(
    e,
    200,
    "Inscrição confirmada",
    `<h1>Inscrição confirmada!</h1><p role="status">Você receberá nossas novidades por e-mail. Cada mensagem traz um link para cancelar a inscrição.</p>` +
      `<p><a href="${escapeHtml(home(e))}blog">Ler os artigos do blog</a></p>`,
  );
}

function confirmed(e) {
  const record = newsletter.findByConfirmToken(e.app, tokenOf(e));
  if (!record) return invalid(e, EXPIRED, EXPIRED_TEXT);
  newsletter.confirm(e.app, record, e.realIP());
  return done(e);
}

const UNKNOWN = "Este link de cancelamento é inválido.";
const UNKNOWN_TEXT =
  "Confira se o endereço foi copiado inteiro da mensagem. Se o problema continuar, responda a qualquer e-mail nosso pedindo o cancelamento.";

function unsubscribePage(e) {
  const token = tokenOf(e);
  const record = newsletter.findByUnsubscribeToken(e.app, token);
  if (!record) return invalid(e, UNKNOWN, UNKNOWN_TEXT);
  if (record.getString("status") === "unsubscribed") return cancelled(e);
  return answer(
    e,
    200,
    "Cancelar inscrição",
    `<h1>Cancelar inscrição na newsletter</h1>` +
      `<p>Toque no botão para não receber mais as nossas mensagens neste endereço.</p>` +
      `<form method="post" action="/newsletter/cancelar"><input type="hidden" name="t" value="${escapeHtml(token)}">` +
      `<button type="submit">Cancelar inscrição</button></form>`,
  );
}

function cancelled(e) {
  return answer(
    e,
    200,
    "Inscrição cancelada",
    `<h1>Inscrição cancelada</h1><p role="status">Você não receberá mais a newsletter neste endereço. Se mudar de ideia, é só se inscrever e confirmar de novo.</p>` +
      `<p><a href="${escapeHtml(home(e))}">Ir para a página inicial</a></p>`,
  );
}

/** The button's POST and RFC 8058's one-click POST (body "List-Unsubscribe=One-Click", token in the link). */
function unsubscribed(e) {
  const record = newsletter.findByUnsubscribeToken(e.app, tokenOf(e));
  if (!record) return invalid(e, UNKNOWN, UNKNOWN_TEXT);
  newsletter.unsubscribe(e.app, record);
  return cancelled(e);
}

module.exports = { confirmPage, confirmed, unsubscribePage, unsubscribed };
