/// <reference path="../pb_data/types.d.ts" />

// Two-step sign-in for staff (pb_hooks/two-step.pb.js, pb_hooks/lib/auth/two-step.js), on
// PocketBase's own MFA: after the right password an account the MFA rule names gets
// 401 with an `mfaId` instead of a token, and finishes with a 6-digit code e-mailed
// through PocketBase's OTP (valid 5 minutes, one use). The rule names active admins,
// always, and anyone who turned `two_step` on in Perfil. While no SMTP server is
// configured the hooks skip the second step (no code could arrive).
//
// `two_step` is the account's own switch: the rules let only the account itself send
// it (an admin editing someone else cannot), and nobody sets it at creation.
migrate(
  (app) => {
    const ACTIVE = '@request.auth.collectionName = "users" && @request.auth.is_active = true';
    const ADMIN = `${ACTIVE} && @request.auth.role = "admin"`;
    const SELF_ONLY = "@request.body.two_step:isset = false";

    const users = app.findCollectionByNameOrId("users");
    users.fields.add(new BoolField({ name: "two_step" }));
    users.createRule = `${SELF_ONLY} && ((@request.body.role:isset = false && @request.body.is_active:isset = false) || (${ADMIN}))`;
    users.updateRule =
      `(${ADMIN} && (id = @request.auth.id || ${SELF_ONLY})) || ` +
      `(${ACTIVE} && id = @request.auth.id && @request.body.role:isset = false && @request.body.is_active:isset = false && @request.body.verified:isset = false)`;

    users.mfa.enabled = true;
    // Long enough to open the e-mail and type the code; the code itself lives 5 minutes.
    users.mfa.duration = 10 * 60;
    // Inactive accounts sign in with the password only to learn they are inactive
    // (their token opens nothing): no code is mailed to them.
    users.mfa.rule = 'is_active = true && (role = "admin" || two_step = true)';

    users.otp.enabled = true;
    users.otp.duration = 5 * 60;
    users.otp.length = 6;
    users.otp.emailTemplate.subject = "Código de verificação – {APP_NAME}";
    users.otp.emailTemplate.body =
      "<p>Olá,</p>" +
      "<p>Seu código de verificação para entrar no painel administrativo é:</p>" +
      '<p style="font-size:28px;font-weight:bold;letter-spacing:6px">{OTP}</p>' +
      "<p>Ele vale por 5 minutos e só pode ser usado uma vez. Digite-o na tela de login, " +
      "em 'Código de verificação'.</p>" +
      "<p>Se não foi você que tentou entrar, alguém sabe a sua senha: troque-a em Perfil " +
      "assim que puder e avise um administrador.</p>" +
      "<p>Equipe {APP_NAME}</p>";
    app.save(users);

    // Sign-ins that used the second step are audited (pb_hooks/lib/auth/two-step.js).
    const audit = app.findCollectionByNameOrId("audit_logs");
    const action = audit.fields.getByName("action");
    action.values = ["INSERT", "UPDATE", "DELETE", "SIGN_IN"];
    app.save(audit);
  },
  (app) => {
    const ACTIVE = '@request.auth.collectionName = "users" && @request.auth.is_active = true';
    const ADMIN = `${ACTIVE} && @request.auth.role = "admin"`;
    const users = app.findCollectionByNameOrId("users");
    users.fields.removeByName("two_step");
    users.createRule = `(@request.body.role:isset = false && @request.body.is_active:isset = false) || (${ADMIN})`;
    users.updateRule = `(${ADMIN}) || (${ACTIVE} && id = @request.auth.id && @request.body.role:isset = false && @request.body.is_active:isset = false && @request.body.verified:isset = false)`;
    users.mfa.enabled = false;
    users.mfa.rule = "";
    users.otp.enabled = false;
    app.save(users);
    app.db().newQuery("DELETE FROM audit_logs WHERE action = 'SIGN_IN'").execute();
    const audit = app.findCollectionByNameOrId("audit_logs");
    audit.fields.getByName("action").values = ["INSERT", "UPDATE", "DELETE"];
    app.save(audit);
  },
);
