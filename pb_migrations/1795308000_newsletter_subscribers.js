/// <reference path="../pb_data/types.d.ts" />

// Newsletter sign-ups from the public site (footer and blog forms). Anyone may
// subscribe (rate limited, honeypot); only staff may read the list.
migrate(
  (app) => {
    const collection = new Collection({
      type: "base",
      name: "newsletter_subscribers",
      // Staff rules are set by the staff schema migration, once `users` has roles.
      listRule: null,
      viewRule: null,
      // The honeypot field must stay empty: bots fill every input they find.
      createRule: "@request.body.website:isset = false || @request.body.website = ''",
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "email", type: "email", required: true },
        /** The page the visitor subscribed from, e.g. "/blog". */
        { name: "source", type: "text", required: true, max: 200, pattern: "^/[^\\s]*$" },
        /** When the visitor gave consent to receive e-mails (set by the server). */
        { name: "consented_at", type: "date" },
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
