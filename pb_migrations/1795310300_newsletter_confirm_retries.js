/// <reference path="../pb_data/types.d.ts" />

// Confirmation e-mails leave in the background (pb_hooks/lib/newsletter/subscriptions.js): a failed one
// is tried again after a pause that grows with each failure, and stops after a few, so
// addresses a mail server refuses never stand in front of new sign-ups.
migrate(
  (app) => {
    const collection = app.findCollectionByNameOrId("newsletter_subscribers");
    collection.fields.add(new NumberField({ name: "confirm_failures", min: 0, onlyInt: true }));
    collection.fields.add(new DateField({ name: "confirm_retry_at" }));
    app.save(collection);
  },
  (app) => {
    const collection = app.findCollectionByNameOrId("newsletter_subscribers");
    collection.fields.removeByName("confirm_failures");
    collection.fields.removeByName("confirm_retry_at");
    app.save(collection);
  },
);
