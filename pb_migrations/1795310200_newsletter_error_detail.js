/// <reference path="../pb_data/types.d.ts" />

// A failed send's error was the raw SMTP/dial text, which named the mail server's
// address to every editor. Now `error` holds a pt-BR summary and
// `error_detail` the raw text, a hidden field that pb_hooks/lib/newsletter/send.js
// shows to active admins only (superusers see hidden fields anyway; nobody else may
// filter on it). Rows written before: their text moves to error_detail and error gets
// the summary server/newsletter/newsletter.go (summary) would have written, read from
// the text. The waiting-for-settings notice is no failure and stays.
const WAITING = "Aguardando as configurações de e-mail (Configurações › Integrações).";

/** The pt-BR summary of a raw failure text (as server/newsletter's summary classifies it). */
function summaryOf(detail) {
  const reply = /^(\d{3}) /.exec(detail);
  const code = reply ? Number(reply[1]) : 0;
  if (code === 535 || code === 534) {
    return `O servidor de e-mail recusou a autenticação (código ${code}). Confira o usuário e a senha em Configurações › Integrações.`;
  }
  if (code >= 500) return `O servidor de e-mail recusou a mensagem ou o destinatário (código ${code}).`;
  if (code >= 400) return `O servidor de e-mail recusou a mensagem temporariamente (código ${code}).`;
  if (/i\/o timeout|deadline exceeded/.test(detail)) return "O servidor de e-mail não respondeu a tempo.";
  if (/^dial /.test(detail)) {
    return "Não foi possível conectar ao servidor de e-mail. Confira o servidor e a porta em Configurações › Integrações.";
  }
  return "O envio falhou por um erro inesperado. Um administrador pode ver o detalhe em Envios.";
}

migrate(
  (app) => {
    for (const name of ["newsletter_sends", "newsletter_deliveries"]) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new TextField({ name: "error_detail", hidden: true, max: 500 }));
      app.save(collection);
      const rows = arrayOf(new DynamicModel({ id: "", error: "" }));
      app
        .db()
        .newQuery(`SELECT id, error FROM ${name} WHERE error != '' AND error != {:waiting}`)
        .bind({ waiting: WAITING })
        .all(rows);
      for (const row of rows) {
        app
          .db()
          .newQuery(`UPDATE ${name} SET error = {:error}, error_detail = {:detail} WHERE id = {:id}`)
          .bind({ error: summaryOf(row.error), detail: row.error, id: row.id })
          .execute();
      }
    }
  },
  (app) => {
    for (const name of ["newsletter_sends", "newsletter_deliveries"]) {
      app.db().newQuery(`UPDATE ${name} SET error = error_detail WHERE error_detail != ''`).execute();
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName("error_detail");
      app.save(collection);
    }
  },
);
