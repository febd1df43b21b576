/// <reference path="../pb_data/types.d.ts" />

// Site settings: only the known keys; the smtp_* keys drive PocketBase's own mail
// settings, and smtp_password is never stored in the (readable) settings table.

// PUBLIC_SITE_URL is where the links in e-mails (password reset, verification,
// newsletter) point, else the address this server listens on (lib/settings/settings.js); on a
// first start the settings migration reads it too.
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/settings/settings.js`).applyLinkOrigin(e.app);
});

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/settings/settings.js`).validate(e.record);
  e.next();
}, "public_site_settings");
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/settings/settings.js`).validate(e.record);
  e.next();
}, "public_site_settings");

// Before any save (API or not): move the SMTP password into the mail settings.
onRecordCreate((e) => {
  require(`${__hooks}/lib/settings/settings.js`).absorbSecret(e.app, e.record);
  e.next();
}, "public_site_settings");
onRecordUpdate((e) => {
  require(`${__hooks}/lib/settings/settings.js`).absorbSecret(e.app, e.record);
  e.next();
}, "public_site_settings");

onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/settings/settings.js`).applyMailSettings(e.app, e.record);
  e.next();
}, "public_site_settings");
onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/settings/settings.js`).applyMailSettings(e.app, e.record);
  e.next();
}, "public_site_settings");

// Whether the panel can send e-mails (an SMTP server is configured): the sign-in
// screen's 'Recuperar' tab and the dashboard say what is true. It tells nothing else.
routerAdd("GET", "/api/site/mail", (e) =>
  e.json(200, { enabled: require(`${__hooks}/lib/settings/settings.js`).mailReady(e.app) }),
);

// 'Enviar e-mail de teste' (lib/mail/mail-test.js): active admins only, to staff addresses,
// a few per admin; the answer says in pt-BR what the mail server said.
routerAdd(
  "POST",
  "/api/site/mail/test",
  (e) => require(`${__hooks}/lib/mail/mail-test.js`).send(e),
  $apis.requireAuth("users", "_superusers"),
);
