/// <reference path="../pb_data/types.d.ts" />

// Newsletter sign-ups are idempotent: an address that is already subscribed gets
// the same success answer as a new one (204, nothing written), so the form never
// reveals who is on the list. Addresses are stored lower-cased.
onRecordCreateRequest((e) => {
  const email = String(e.record.get("email") || "")
    .trim()
    .toLowerCase();
  e.record.set("email", email);
  if (email) {
    try {
      e.app.findFirstRecordByFilter("newsletter_subscribers", "email = {:email}", { email: email });
      return e.noContent(204);
    } catch (_) {
      // Not subscribed yet: create it.
    }
  }
  e.record.set("consented_at", new DateTime());
  return e.next();
}, "newsletter_subscribers");
