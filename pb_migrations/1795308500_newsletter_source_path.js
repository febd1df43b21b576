/// <reference path="../pb_data/types.d.ts" />

// The newsletter's `source` is the page the visitor subscribed from, as the form
// sends it (`location.pathname`, which browsers percent-encode). Only URL
// characters (RFC 3986) are kept: the old pattern took any non-space text, such as
// "/<script>…" or quotes, into the staff's list.
migrate(
  (app) => {
    const newsletter = app.findCollectionByNameOrId("newsletter_subscribers");
    newsletter.fields.getByName("source").pattern = "^/[A-Za-z0-9\\-._~!$&'()*+,;=:@%/?#]*$";
    app.save(newsletter);
  },
  (app) => {
    const newsletter = app.findCollectionByNameOrId("newsletter_subscribers");
    newsletter.fields.getByName("source").pattern = "^/[^\\s]*$";
    app.save(newsletter);
  },
);
