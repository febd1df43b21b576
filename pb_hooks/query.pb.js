/// <reference path="../pb_data/types.d.ts" />

// A malformed `fields` parameter gets a 400 on the records API instead of an empty
// 200 (see lib/common/query.js). Reads run the check before answering; writes before saving.
// (Other JSON routes, such as auth-with-password or /api/health, still answer an
// empty 200 to a malformed `fields`: they return nothing a visitor may not see.)

onRecordsListRequest((e) => {
  require(`${__hooks}/lib/common/query.js`).assertFieldsParam(e);
  e.next();
});
onRecordViewRequest((e) => {
  require(`${__hooks}/lib/common/query.js`).assertFieldsParam(e);
  e.next();
});
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/common/query.js`).assertFieldsParam(e);
  e.next();
});
onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/common/query.js`).assertFieldsParam(e);
  e.next();
});
