/// <reference path="../pb_data/types.d.ts" />

// Each new contact message is e-mailed to the team (pb_hooks/lib/messages/contact-notify.js): when
// it went, the claim of the run sending it, and its failed tries. Messages stored before
// count as told (the team has seen them in the panel): an upgrade mails none of them.
migrate(
  (app) => {
    const collection = app.findCollectionByNameOrId("contact_messages");
    collection.fields.add(new DateField({ name: "notified_at" }));
    collection.fields.add(new DateField({ name: "notify_claimed_at" }));
    collection.fields.add(new NumberField({ name: "notify_failures", min: 0, onlyInt: true }));
    app.save(collection);
    app.db().newQuery("UPDATE contact_messages SET notified_at = created").execute();
  },
  (app) => {
    const collection = app.findCollectionByNameOrId("contact_messages");
    for (const name of ["notified_at", "notify_claimed_at", "notify_failures"]) collection.fields.removeByName(name);
    app.save(collection);
  },
);
