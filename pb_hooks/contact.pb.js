/// <reference path="../pb_data/types.d.ts" />

// Contact messages from the public site: a new message is always unread (so the
// admin's bell shows it, whatever the visitor sends) and is e-mailed to the team
// (lib/messages/contact-notify.js), and a phone number needs at least 8 digits (the field's
// pattern alone accepts "(((((((("). Text fields are cleaned by input.pb.js.

onRecordCreateRequest((e) => {
  e.record.set("read", false);
  const notify = require(`${__hooks}/lib/messages/contact-notify.js`);
  notify.clearState(e.record);
  const phone = require(`${__hooks}/lib/common/input.js`).visibleText(e.record.get("phone") || "");
  if (phone !== "" && (phone.match(/[0-9]/g) || []).length < 8) {
    throw require(`${__hooks}/lib/common/errors.js`).fieldError(
      "phone",
      "validation_invalid_format",
      "Informe um telefone válido.",
    );
  }
  e.next();
  // Stored: the team gets it by e-mail once the visitor has their answer.
  notify.queue(e);
}, "contact_messages");

// The team's e-mails about new messages: after each one (lib/mail/after-answer.js), and
// every 5 minutes for those e-mail could not send yet.
cronAdd("contact_notifications", "*/5 * * * *", () => {
  require(`${__hooks}/lib/messages/contact-notify.js`).sendWaiting($app, 100);
});

// Contact messages older than the period of Configurações leave, every day (lib/messages/retention.js).
cronAdd("purge_old_contact_messages", "23 4 * * *", () => {
  require(`${__hooks}/lib/messages/retention.js`).purgeOldContactMessages($app);
});
