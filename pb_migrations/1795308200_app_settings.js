/// <reference path="../pb_data/types.d.ts" />

// PocketBase's application settings, as code: name and sender of e-mails, the
// rate limiter (off by default in PocketBase), the batch API, and the pt-BR e-mail
// templates whose links point at the admin panel's own screens.
migrate(
  (app) => {
    const settings = app.settings();
    settings.meta.appName = "Operium";
    // Links in e-mails point here (PUBLIC_SITE_URL, else this server's HOST and PORT);
    // pb_hooks/settings.pb.js follows later changes.
    settings.meta.appURL = require(`${__hooks}/lib/settings/settings.js`).linkOrigin();
    settings.meta.senderName = "Operium";
    settings.meta.senderAddress = "nao-responda@operium.com.br";
    settings.batch.enabled = false;
    // Per-IP limits that no honest visitor reaches; the per-account sign-in
    // throttle (5 failures in 15 minutes) lives in pb_hooks/accounts.pb.js.
    settings.rateLimits.enabled = true;
    settings.rateLimits.rules = [
      { label: "*:auth", audience: "", duration: 60, maxRequests: 30 },
      { label: "users:create", audience: "@guest", duration: 600, maxRequests: 10 },
      { label: "contact_messages:create", audience: "@guest", duration: 600, maxRequests: 10 },
      { label: "newsletter_subscribers:create", audience: "@guest", duration: 600, maxRequests: 10 },
      { label: "*:create", audience: "", duration: 10, maxRequests: 30 },
      { label: "/api/", audience: "", duration: 10, maxRequests: 300 },
    ];
    settings.logs.maxDays = 14;
    app.save(settings);

    const users = app.findCollectionByNameOrId("users");
    const layout = (title, text, link, action) =>
      `<p>Olá,</p><p>${text}</p><p><a class="btn" href="${link}" target="_blank" rel="noopener">${action}</a></p>` +
      `<p>Se você não fez este pedido, ignore este e-mail.</p><p>Equipe {APP_NAME}</p>`;
    users.resetPasswordTemplate.subject = "Redefinição de senha – {APP_NAME}";
    users.resetPasswordTemplate.body = layout(
      "Redefinir senha",
      "Recebemos um pedido para redefinir a senha da sua conta no painel administrativo.",
      "{APP_URL}/admin/reset-password?token={TOKEN}",
      "Redefinir senha",
    );
    users.verificationTemplate.subject = "Confirme seu e-mail – {APP_NAME}";
    users.verificationTemplate.body = layout(
      "Confirmar e-mail",
      "Confirme seu endereço de e-mail para concluir o cadastro. Um administrador também precisa ativar sua conta.",
      "{APP_URL}/admin/verify-email?token={TOKEN}",
      "Confirmar e-mail",
    );
    users.confirmEmailChangeTemplate.subject = "Confirme seu novo e-mail – {APP_NAME}";
    users.confirmEmailChangeTemplate.body = layout(
      "Confirmar novo e-mail",
      "Confirme o novo endereço de e-mail da sua conta.",
      "{APP_URL}/admin/confirm-email-change?token={TOKEN}",
      "Confirmar novo e-mail",
    );
    users.authAlert.enabled = false;
    app.save(users);
  },
  () => {
    // Settings are not rolled back: an older schema works with these values.
  },
);
