/// <reference path="../pb_data/types.d.ts" />

// Double opt-in (pb_hooks/lib/newsletter/subscriptions.js): a sign-up waits as 'pending' until the
// address confirms from the e-mailed link (its time and IP kept as proof of consent);
// 'unsubscribed' is never mailed again unless it subscribes and confirms anew. The
// tokens are server-only (hidden): the confirmation's is kept as a SHA-256 digest; the
// unsubscribe link's must go into every e-mail, so it is kept as it is.
// Addresses already on the list signed up when the form said 'Inscrição confirmada!'
// and consented then: they stay subscribed ('confirmed' at their consent time).
migrate(
  (app) => {
    const collection = app.findCollectionByNameOrId("newsletter_subscribers");
    collection.fields.add(new SelectField({ name: "status", maxSelect: 1, values: ["pending", "confirmed", "unsubscribed"] }));
    collection.fields.add(new TextField({ name: "confirm_token_hash", hidden: true, max: 64 }));
    collection.fields.add(new DateField({ name: "confirm_expires" }));
    collection.fields.add(new DateField({ name: "confirm_sent_at" }));
    collection.fields.add(new DateField({ name: "confirmed_at" }));
    collection.fields.add(new TextField({ name: "confirmed_ip", max: 64 }));
    collection.fields.add(new DateField({ name: "unsubscribed_at" }));
    collection.fields.add(new TextField({ name: "unsubscribe_token", hidden: true, max: 64 }));
    collection.indexes = collection.indexes.concat([
      "CREATE INDEX idx_newsletter_subscribers_confirm ON newsletter_subscribers (confirm_token_hash)",
      "CREATE INDEX idx_newsletter_subscribers_unsubscribe ON newsletter_subscribers (unsubscribe_token)",
      "CREATE INDEX idx_newsletter_subscribers_status ON newsletter_subscribers (status, created)",
    ]);
    app.save(collection);
    app
      .db()
      .newQuery(
        "UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = consented_at, " +
          "unsubscribe_token = lower(hex(randomblob(20))) WHERE status = ''",
      )
      .execute();
    collection.fields.getByName("status").required = true;
    app.save(collection);
  },
  (app) => {
    const collection = app.findCollectionByNameOrId("newsletter_subscribers");
    for (const name of [
      "status",
      "confirm_token_hash",
      "confirm_expires",
      "confirm_sent_at",
      "confirmed_at",
      "confirmed_ip",
      "unsubscribed_at",
      "unsubscribe_token",
    ]) {
      collection.fields.removeByName(name);
    }
    collection.indexes = collection.indexes.filter((index) => index.indexOf("idx_newsletter_subscribers_email") >= 0);
    app.save(collection);
  },
);
