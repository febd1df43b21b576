/// <reference path="../pb_data/types.d.ts" />

// Configurações › Integrações sets the e-mails' sender and encryption (pb_hooks/lib/settings/settings.js):
// their rows start as the mailer has them now, so the form shows what is in use. The
// encryption was implicit TLS exactly when the port was 465; that stays until changed.
migrate(
  (app) => {
    const settings = app.settings();
    const values = {
      smtp_tls: settings.smtp.tls ? "tls" : "starttls",
      smtp_sender_name: settings.meta.senderName,
      smtp_sender_address: settings.meta.senderAddress,
    };
    const collection = app.findCollectionByNameOrId("public_site_settings");
    for (const key of Object.keys(values)) {
      try {
        app.findFirstRecordByData(collection, "key", key);
      } catch (_) {
        const record = new Record(collection);
        record.set("key", key);
        record.set("value", values[key]);
        app.save(record);
      }
    }
  },
  (app) => {
    for (const key of ["smtp_tls", "smtp_sender_name", "smtp_sender_address"]) {
      try {
        app.delete(app.findFirstRecordByData("public_site_settings", "key", key));
      } catch (_) {
        // Never created.
      }
    }
  },
);
