/// <reference path="../pb_data/types.d.ts" />

// Newsletter sign-ups with double opt-in (lib/newsletter/subscriptions.js). They answer the same way
// whether the address is new, waiting for its confirmation or already subscribed (204,
// no body; a form the browser sent itself: its result page), and as fast (the e-mail
// leaves after the answer), so the form never reveals who is on the list. Addresses
// are stored lower-cased (and must pass lib/common/input.js's e-mail rule).
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/common/input.js`).cleanEmail(e.record, "email", true);
  // Operators (superusers) get the usual answer, with the record.
  if (e.hasSuperuserAuth()) {
    if (!e.record.getString("status")) e.record.set("status", "pending");
    if (!e.record.getString("unsubscribe_token")) e.record.set("unsubscribe_token", $security.randomString(40));
    e.record.set("consented_at", new DateTime());
    return e.next();
  }
  const newsletter = require(`${__hooks}/lib/newsletter/subscriptions.js`);
  newsletter.keepVisitorFields(e.record);
  try {
    newsletter.signUp(e);
  } catch (_) {
    // Invalid input: the standard flow answers with PocketBase's usual 400 details.
    return e.next();
  }
  return e.noContent(204);
}, "newsletter_subscribers");

// The confirmation link: a page with one button; only its POST confirms. Its answers
// are left out of the request log, whose URLs would otherwise keep the token.
routerAdd(
  "GET",
  "/newsletter/confirmar",
  (e) => require(`${__hooks}/lib/newsletter/pages.js`).confirmPage(e),
  $apis.skipSuccessActivityLog(),
);
routerAdd(
  "POST",
  "/newsletter/confirmar",
  (e) => require(`${__hooks}/lib/newsletter/pages.js`).confirmed(e),
  $apis.skipSuccessActivityLog(),
);

// The unsubscribe link of every e-mail: a page with one button, and RFC 8058's
// one-click POST (List-Unsubscribe-Post), which needs no page.
routerAdd(
  "GET",
  "/newsletter/cancelar",
  (e) => require(`${__hooks}/lib/newsletter/pages.js`).unsubscribePage(e),
  $apis.skipSuccessActivityLog(),
);
routerAdd(
  "POST",
  "/newsletter/cancelar",
  (e) => require(`${__hooks}/lib/newsletter/pages.js`).unsubscribed(e),
  $apis.skipSuccessActivityLog(),
);

// Confirmations that waited for the e-mail settings; pending sign-ups never confirmed.
cronAdd("newsletter_confirmations", "*/5 * * * *", () => {
  require(`${__hooks}/lib/newsletter/subscriptions.js`).sendWaitingConfirmations($app, 200);
});
cronAdd("purge_pending_subscriptions", "43 3 * * *", () => {
  require(`${__hooks}/lib/newsletter/subscriptions.js`).purgeStalePending($app);
});

// Sending a post to the confirmed subscribers (lib/newsletter/send.js; server/newsletter
// delivers): editors and admins only, checked in each handler.
routerAdd(
  "GET",
  "/api/newsletter/audience",
  (e) => require(`${__hooks}/lib/newsletter/send.js`).audience(e),
  $apis.requireAuth("users", "_superusers"),
);
routerAdd(
  "POST",
  "/api/newsletter/sends",
  (e) => require(`${__hooks}/lib/newsletter/send.js`).start(e),
  $apis.requireAuth("users", "_superusers"),
);
routerAdd(
  "POST",
  "/api/newsletter/sends/{id}/cancel",
  (e) => require(`${__hooks}/lib/newsletter/send.js`).cancel(e),
  $apis.requireAuth("users", "_superusers"),
);
// A failure's raw detail (it names the mail server) reaches active admins only.
onRecordEnrich(
  (e) => {
    require(`${__hooks}/lib/newsletter/send.js`).revealDetail(e);
    e.next();
  },
  "newsletter_sends",
  "newsletter_deliveries",
);
// A new rate in Configurações reaches the sends under way.
onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/newsletter/send.js`).applyRate(e.app, e.record);
  e.next();
}, "public_site_settings");
onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/newsletter/send.js`).applyRate(e.app, e.record);
  e.next();
}, "public_site_settings");
