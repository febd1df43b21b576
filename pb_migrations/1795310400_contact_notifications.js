/// <reference path="../pb_data/types.d.ts" />

// Each new contact message is e-mailed to the team (pb_hooks/lib/contact-notify.js): when
// it went, the claim of the run sending it, and its failed tries. Messages stored before
// are left as they are (the job mails only recent ones).
migrate(
  (app) => {
    const collection = app.findCollectionByNameOrId("contact_messages");
    collection.fields.add(new DateField({ name: "notified_at" }));
    collection.fields.add(new DateField({ name: "notify_claimed_at" }));
    collection.fields.add(new NumberField({ name: "notify_failures", min: 0, onlyInt: true }));
    app.save(collection);
  },
  (app) => {
    const collection = app.findCollectionByNameOrId("contact_messages");
    for (const name of ["notified_at", "notify_claimed_at", "notify_failures"]) collection.fields.removeByName(name);
    app.save(collection);
  },
);
