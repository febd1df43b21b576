/// <reference path="../pb_data/types.d.ts" />

// Sending a post to the newsletter's confirmed subscribers (pb_hooks/lib/newsletter/send.js
// starts a send; server/newsletter delivers it). A send keeps the e-mail as rendered, its
// rate and its counters: the 'Envios' history. Each recipient is one delivery row, unique
// per post and subscriber, so no address gets a post twice, across sends and restarts.
// Editors and admins read both; only the server writes them. A subscriber's erasure
// deletes its deliveries (the send's counters stay).
migrate(
  (app) => {
    const EDITOR =
      '@request.auth.collectionName = "users" && @request.auth.is_active = true && ' +
      '(@request.auth.role = "admin" || @request.auth.role = "editor")';
    const users = app.findCollectionByNameOrId("users");
    const subscribers = app.findCollectionByNameOrId("newsletter_subscribers");
    const sends = new Collection({
      type: "base",
      name: "newsletter_sends",
      listRule: EDITOR,
      viewRule: EDITOR,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "kind", type: "select", required: true, maxSelect: 1, values: ["post", "test"] },
        { name: "post_key", type: "text", required: true, max: 300 },
        { name: "post_title", type: "text", max: 300 },
        { name: "post_url", type: "text", max: 2000 },
        { name: "subject", type: "text", required: true, max: 300 },
        { name: "html", type: "text", max: 200000, hidden: true },
        { name: "text", type: "text", max: 100000, hidden: true },
        { name: "unsubscribe_base", type: "text", max: 2000, hidden: true },
        {
          name: "status",
          type: "select",
          required: true,
          maxSelect: 1,
          values: ["queued", "sending", "done", "failed", "cancelled"],
        },
        { name: "rate_per_minute", type: "number", onlyInt: true, min: 1 },
        { name: "total", type: "number", onlyInt: true, min: 0 },
        { name: "sent", type: "number", onlyInt: true, min: 0 },
        { name: "failed", type: "number", onlyInt: true, min: 0 },
        { name: "skipped", type: "number", onlyInt: true, min: 0 },
        { name: "test_to", type: "email" },
        { name: "error", type: "text", max: 500 },
        { name: "requested_by", type: "relation", maxSelect: 1, collectionId: users.id, cascadeDelete: false },
        { name: "requested_by_name", type: "text", max: 200 },
        { name: "started_at", type: "date" },
        { name: "finished_at", type: "date" },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: [
        "CREATE INDEX idx_newsletter_sends_status ON newsletter_sends (kind, status, created)",
        "CREATE INDEX idx_newsletter_sends_post ON newsletter_sends (post_key)",
      ],
    });
    app.save(sends);

    const deliveries = new Collection({
      type: "base",
      name: "newsletter_deliveries",
      listRule: EDITOR,
      viewRule: EDITOR,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "send", type: "relation", required: true, maxSelect: 1, collectionId: sends.id, cascadeDelete: true },
        {
          name: "subscriber",
          type: "relation",
          required: true,
          maxSelect: 1,
          collectionId: subscribers.id,
          cascadeDelete: true,
        },
        { name: "post_key", type: "text", required: true, max: 300 },
        { name: "status", type: "select", required: true, maxSelect: 1, values: ["pending", "sent", "failed", "skipped"] },
        { name: "attempts", type: "number", onlyInt: true, min: 0 },
        { name: "retry_at", type: "date" },
        { name: "error", type: "text", max: 500 },
        { name: "sent_at", type: "date" },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: [
        "CREATE UNIQUE INDEX idx_newsletter_deliveries_once ON newsletter_deliveries (post_key, subscriber)",
        "CREATE INDEX idx_newsletter_deliveries_send ON newsletter_deliveries (send, status)",
      ],
    });
    app.save(deliveries);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("newsletter_deliveries"));
    app.delete(app.findCollectionByNameOrId("newsletter_sends"));
  },
);
