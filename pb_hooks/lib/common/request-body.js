// The one way a hook reads a request's body: the values PocketBase itself acts on. A
// guard that reads the same bytes another way can be walked around: a counter keyed by
// `body.otpId` sees nothing when a client sends `OTPId`, while PocketBase's handler,
// which does see it, checks the code. PocketBase reads a body in two ways,
// and so do these two functions (docs/seguranca.md, "Como os hooks leem o corpo"):
// - formValues(e, shape): its own forms (password reset, the e-mailed code, the MFA
//   session id, ...) bind the body into a Go struct with BindBody. JSON keys match
//   case-insensitively (Go's encoding/json: `EMAIL`, `eMail` and even `emaiL` fill
//   `email`; when several spellings come, the last wins); urlencoded and multipart
//   bodies match by exact name, with JSON in their `@jsonPayload` field. This binds
//   into a DynamicModel of the same field names with that same BindBody, so a guard
//   gets exactly the handler's values. Our own routes' JSON bodies are read so too.
// - recordValues(e): records (create, update) take the body's keys by exact field name
//   (core.Record.Set); a key in another case is no field and PocketBase drops it. Also
//   the free-form JSON objects of our own routes (the admin's REST resources).

const UNREADABLE = "O corpo da requisição não pôde ser lido: envie um objeto JSON com os campos esperados.";

/**
 * The body's values for `shape`'s fields (its values are the defaults and the types:
 * "" for text, false, 0), bound as PocketBase binds its own forms. A body PocketBase
 * could not bind either (a number where text goes, malformed JSON) is a 400.
 * @template T @param {any} e @param {T} shape @returns {T}
 */
function formValues(e, shape) {
  // XML binds by Go field names, which a DynamicModel spells otherwise than PocketBase's
  // forms (OtpId, OTPId): refused, as nothing here sends XML.
  let type;
  try {
    type = String(e.requestInfo().headers["content_type"] || "").toLowerCase();
  } catch (_) {
    throw new BadRequestError(UNREADABLE); // a body PocketBase cannot read either
  }
  if (type.indexOf("xml") >= 0) throw new BadRequestError(UNREADABLE);
  const values = new DynamicModel(shape);
  try {
    e.bindBody(values);
  } catch (_) {
    throw new BadRequestError(UNREADABLE);
  }
  return values;
}

/**
 * The body as an object keyed by the exact names sent ({} when empty), as PocketBase
 * loads a record from it; a 400 when it is not an object.
 * @returns {Record<string, any>}
 */
function recordValues(e) {
  let body;
  try {
    body = e.requestInfo().body;
  } catch (_) {
    throw new BadRequestError(UNREADABLE);
  }
  if (body === null || body === undefined) return {};
  if (typeof body !== "object" || Array.isArray(body)) throw new BadRequestError(UNREADABLE);
  return body;
}

module.exports = { formValues, recordValues, UNREADABLE };
