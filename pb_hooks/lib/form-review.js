// The page /formularios/revisar (zz-public-forms.pb.js): a public form the browser sent
// itself and the server refused, shown again with what the visitor typed, a pt-BR
// message beside each field it names and a summary that links to them (announced by
// screen readers). It posts again to the same endpoint. Built here, not by Astro,
// because it holds the visitor's own values; every value is escaped.

const forms = require(`${__hooks}/lib/public-forms.js`);

/**
 * The page's policy: no script at all. Its form posts here and lands on the site's
 * result page, which may be another origin (a CDN): browsers check form-action on
 * that redirect too.
 */
function csp(e) {
  const site = String(e.app.settings().meta.appURL || "").replace(/\/+$/, "");
  const origin = /^https?:\/\/[^/\s;']+$/.test(site) ? ` ${site}` : "";
  return `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'${origin}; base-uri 'none'; frame-ancestors 'none'`;
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value) {
  return String(value === undefined || value === null ? "" : value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The page the form was on, when it is one of ours; else the site's home. */
function backLink(e, back) {
  const site = String(e.app.settings().meta.appURL || "").replace(/\/+$/, "");
  const own = [site, `${e.request.tls ? "https" : "http"}://${e.request.host}`];
  for (const origin of own) {
    if (origin && (back === origin || back.indexOf(`${origin}/`) === 0)) return back;
  }
  return `${site}/`;
}

function fieldHtml(field, value, error) {
  const id = `campo-${field.name}`;
  if (field.kind === "hidden") return `<input type="hidden" name="${escapeHtml(field.name)}" value="${escapeHtml(value)}">`;
  const aria =
    (field.required ? " required" : "") + (error ? ` aria-invalid="true" aria-describedby="erro-${escapeHtml(field.name)}"` : "");
  const errorHtml = error ? `<p class="erro" id="erro-${escapeHtml(field.name)}">${escapeHtml(error)}</p>` : "";
  const required = field.required
    ? `<span aria-hidden="true" class="obrigatorio"> *</span><span class="sr"> (obrigatório)</span>`
    : "";
  if (field.kind === "checkbox") {
    const checked = value === "on" || value === "true" ? " checked" : "";
    return (
      `<div class="campo caixa"><input type="checkbox" id="${id}" name="${escapeHtml(field.name)}"${checked}${aria}>` +
      `<label for="${id}">${escapeHtml(field.label)}</label>${errorHtml}</div>`
    );
  }
  const label = `<label for="${id}">${escapeHtml(field.label)}${required}</label>`;
  const limits = field.max ? ` maxlength="${Number(field.max)}"` : "";
  const autocomplete = field.autocomplete ? ` autocomplete="${escapeHtml(field.autocomplete)}"` : "";
  const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : "";
  let control;
  if (field.kind === "select") {
    const options = (field.options || [])
      .map((o) => `<option value="${escapeHtml(o.value)}"${o.value === value ? " selected" : ""}>${escapeHtml(o.label)}</option>`)
      .join("");
    control = `<select id="${id}" name="${escapeHtml(field.name)}"${aria}><option value="">Selecione uma opção</option>${options}</select>`;
  } else if (field.kind === "textarea") {
    control = `<textarea id="${id}" name="${escapeHtml(field.name)}" rows="6"${limits}${placeholder}${aria}>${escapeHtml(value)}</textarea>`;
  } else {
    control = `<input type="${escapeHtml(field.kind)}" id="${id}" name="${escapeHtml(field.name)}" value="${escapeHtml(value)}"${limits}${autocomplete}${placeholder}${aria}>`;
  }
  return `<div class="campo">${label}${control}${errorHtml}</div>`;
}

function page(title, main) {
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/formularios/revisar.css"></head>` +
    `<body><main>${main}</main></body></html>`
  );
}

function render(e) {
  const draft = forms.currentDraft(e);
  if (!draft) {
    const home = backLink(e, "");
    return e.html(
      200,
      page(
        "Formulário expirado",
        `<h1>Formulário expirado</h1><p>${escapeHtml(forms.SPEC.messages.expired)}</p><p><a href="${escapeHtml(home)}">Ir para a página inicial</a></p>`,
      ),
    );
  }
  const spec = forms.SPEC.forms[draft.collection];
  const fields = forms.fieldsOf(draft.collection);
  const links = fields
    .filter((field) => draft.errors[field.name])
    .map(
      (field) =>
        `<li><a href="#campo-${escapeHtml(field.name)}">${escapeHtml(field.label)}: ${escapeHtml(draft.errors[field.name])}</a></li>`,
    )
    .join("");
  const body =
    `<h1>${escapeHtml(spec.title)}</h1>` +
    `<div class="resumo" role="alert"><p>${escapeHtml(draft.summary)}</p>${links ? `<ul>${links}</ul>` : ""}</div>` +
    `<form method="post" action="/api/collections/${escapeHtml(draft.collection)}/records" novalidate>` +
    `<p class="nota"><span aria-hidden="true" class="obrigatorio">*</span> Campos obrigatórios</p>` +
    fields.map((field) => fieldHtml(field, draft.values[field.name], draft.errors[field.name])).join("") +
    `<button type="submit">${escapeHtml(spec.submit)}</button></form>` +
    `<p><a href="${escapeHtml(backLink(e, draft.back))}">Voltar à página anterior</a></p>`;
  return e.html(200, page(`${spec.title}: verifique os dados`, body));
}

const STYLES = [
  "body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;background:#f8fafc}",
  "main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}",
  "h1{font-size:1.5rem;margin:0 0 1rem}",
  ".resumo{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:.5rem;padding:.75rem 1rem;margin-bottom:1.25rem}",
  ".resumo p{margin:0;font-weight:600}.resumo a{color:#991b1b}",
  ".campo{margin-bottom:1rem}label{display:block;font-weight:500}",
  "input,select,textarea{box-sizing:border-box;width:100%;margin-top:.25rem;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit;background:#fff;color:inherit}",
  "[aria-invalid=true]{border-color:#dc2626}",
  ".caixa{display:flex;gap:.5rem;align-items:flex-start}.caixa input{width:auto;margin-top:.3rem}.caixa label{font-weight:400}",
  ".erro{color:#b91c1c;margin:.25rem 0 0;font-size:.875rem}.caixa .erro{flex-basis:100%}.caixa{flex-wrap:wrap}",
  ".obrigatorio{color:#b91c1c}.nota{font-size:.875rem;color:#475569}",
  ".sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}",
  "button{font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:.5rem;padding:.75rem 1.25rem;cursor:pointer;width:100%}",
  "button:hover{background:#1e40af}a{color:#1d4ed8}:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}",
  "@media (min-width:40rem){button{width:auto}}",
].join("\n");

module.exports = { render, STYLES, csp, escapeHtml };
