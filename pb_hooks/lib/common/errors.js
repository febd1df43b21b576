// A 400 answer in PocketBase's own validation format, so clients (the admin's data
// provider, the SDK) show the message next to the field: { data: { field: { code, message } } }.
function fieldError(field, code, message) {
  const data = {};
  data[field] = new ValidationError(code, message);
  return new BadRequestError(message, data);
}

module.exports = { fieldError };
