// Pages PocketBase itself answers to visitors (a refused form shown again, the
// newsletter's confirmation and unsubscribe): pt-BR, no script at all, a small
// stylesheet of their own, never cached, and out of search engines. Every value put
// into them goes through escapeHtml.

/**
 * The pages' policy: no script at all. A form on them posts here and may land on the
 * site's result page, on another origin (a CDN): browsers check form-action on that
 * redirect too.
 */
function csp(e) {
  const site = require(`${__hooks}/lib/settings/settings.js`).siteAddress(e.app);
  const origin = /^https?:\/\/[^/\s;']+$/.test(site) ? ` ${site}` : "";
  return `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'${origin}; base-uri 'none'; frame-ancestors 'none'`;
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value) {
  return String(value === undefined || value === null ? "" : value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const STYLESHEET = "/formularios/estilo.css";

function page(title, main) {
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${STYLESHEET}"></head>` +
    `<body><main>${main}</main></body></html>`
  );
}

/** Answers with one of these pages. */
function answer(e, status, title, main) {
  e.response.header().set("Cache-Control", "no-store");
  e.response.header().set("Referrer-Policy", "no-referrer");
  e.response.header().set("Content-Security-Policy", csp(e));
  return e.html(status, page(title, main));
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

module.exports = { answer, escapeHtml, STYLES, STYLESHEET };
