/// <reference path="../pb_data/types.d.ts" />

// What the public may create (a contact message, a newsletter sign-up, an account)
// is a few KB: a body over 64 KB is refused with 413 before it is read, by its
// Content-Length, or, sent without one (chunked), once 64 KB have come in. Uploads
// (media, covers, avatars) are staff requests and keep their fields' own limits.

routerUse((e) => {
  if (e.request.pattern !== "POST /api/collections/{collection}/records") return e.next();
  const limit = require(`${__hooks}/lib/body-limit.js`);
  if (limit.appliesTo(e)) limit.check(e);
  return e.next();
});
