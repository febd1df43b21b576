/// <reference path="../pb_data/types.d.ts" />

// Newsletter sign-ups from the public site (footer and blog forms). Anyone may
// subscribe; nobody but superusers may read the list until the staff roles exist.
migrate(
  (app) => {
    const collection = new Collection({
      type: "base",
      name: "newsletter_subscribers",
      listRule: null,
      viewRule: null,
      // The honeypot field must stay empty: bots fill every input they find.
      createRule: "@request.body.website:isset = false || @request.body.website = ''",
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "email", type: "email", required: true },
        { name: "source", type: "select", required: true, maxSelect: 1, values: ["footer", "blog"] },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_newsletter_subscribers_email ON newsletter_subscribers (email COLLATE NOCASE)"],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("newsletter_subscribers"));
  },
);
