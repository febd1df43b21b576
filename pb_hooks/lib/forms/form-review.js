// The page /formularios/revisar (pb_hooks/forms.pb.js): a public form the browser sent
// itself and the server refused, shown again with what the visitor typed, a pt-BR
// message beside each field it names and a summary that links to them (announced by
// screen readers). It posts again to the same endpoint. Built here, not by Astro,
// because it holds the visitor's own values; every value is escaped.

const forms = require(`${__hooks}/lib/forms/public-forms.js`);

const { answer, escapeHtml } = require(`${__hooks}/lib/forms/server-pages.js`);

/** The page the form was on (a draft keeps it only when one of ours: lib/forms/public-forms.js's backOf), else the site's home. */
function backLink(e, back) {
  return back || `${forms.siteOrigin(e)}/`;
}

/** The privacy policy, on the site. */
function privacyLink(e) {
  return `${backLink(e, "").replace(/\/$/, "")}/politica-privacidade`;
}

function fieldHtml(e, field, value, error) {
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
      `<label for="${id}">${escapeHtml(field.label)}</label>${errorHtml}</div>` +
      (field.name === "consent"
        ? `<p class="nota"><a href="${escapeHtml(privacyLink(e))}">Ler a Política de Privacidade</a></p>`
        : "")
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
    control = `<select id="${id}" name="${escapeHtml(field.name)}"${aria}><option value="">${escapeHtml(field.selectPlaceholder || "Selecione uma opção")}</option>${options}</select>`;
  } else if (field.kind === "textarea") {
    control = `<textarea id="${id}" name="${escapeHtml(field.name)}" rows="6"${limits}${placeholder}${aria}>\n${escapeHtml(value)}</textarea>`;
  } else {
    control = `<input type="${escapeHtml(field.kind)}" id="${id}" name="${escapeHtml(field.name)}" value="${escapeHtml(value)}"${limits}${autocomplete}${placeholder}${aria}>`;
  }
  return `<div class="campo">${label}${control}${errorHtml}</div>`;
}

function render(e) {
  const draft = forms.currentDraft(e);
  if (!draft || !forms.SPEC.forms[draft.collection]) {
    const home = backLink(e, "");
    return answer(
      e,
      200,
      "Formulário expirado",
      `<h1>Formulário expirado</h1><p>${escapeHtml(forms.SPEC.messages.expired)}</p><p><a href="${escapeHtml(home)}">Ir para a página inicial</a></p>`,
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
    fields.map((field) => fieldHtml(e, field, draft.values[field.name], draft.errors[field.name])).join("") +
    `<button type="submit">${escapeHtml(spec.submit)}</button></form>` +
    `<p><a href="${escapeHtml(backLink(e, draft.back))}">Voltar à página anterior</a></p>`;
  return answer(e, 200, `Erro: ${spec.title}: verifique os dados`, body);
}

module.exports = { render };
