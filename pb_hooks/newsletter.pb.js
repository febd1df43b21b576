/// <reference path="../pb_data/types.d.ts" />

// Newsletter sign-ups answer the same way whether the address is new or already
// subscribed (204, no body), so the form never reveals who is on the list.
// Addresses are stored lower-cased (and must pass lib/input.js's e-mail rule), with
// the time consent was given.
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/input.js`).cleanEmail(e.record, "email", true);
  const email = e.record.get("email");
  e.record.set("consented_at", new DateTime());
  // Operators (superusers) get the usual answer, with the record.
  if (e.hasSuperuserAuth()) return e.next();
  try {
    e.app.findFirstRecordByFilter("newsletter_subscribers", "email = {:email}", { email: email });
    return e.noContent(204);
  } catch (_) {
    // Not subscribed yet.
  }
  try {
    e.app.validate(e.record);
  } catch (_) {
    // Invalid input: the standard flow answers with PocketBase's usual 400 details.
    return e.next();
  }
  e.app.save(e.record);
  return e.noContent(204);
}, "newsletter_subscribers");
