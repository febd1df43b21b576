/// <reference path="../pb_data/types.d.ts" />

// Audit log for users, posts, pages, media and public_site_settings: every create,
// update and delete, whoever makes it. See lib/audit.js.

// Used only here, at registration (handlers themselves cannot see top-level names).
const AUDITED = ["users", "posts", "pages", "media", "public_site_settings"];

onRecordCreateRequest(
  (e) => {
    require(`${__hooks}/lib/audit.js`).annotate(e);
    e.next();
  },
  ...AUDITED,
);

onRecordUpdateRequest(
  (e) => {
    require(`${__hooks}/lib/audit.js`).annotate(e);
    e.next();
  },
  ...AUDITED,
);

onRecordDeleteRequest(
  (e) => {
    require(`${__hooks}/lib/audit.js`).annotate(e);
    e.next();
  },
  ...AUDITED,
);

// The audit row is written in the same transaction as the change it records:
// a crash or a failed audit write can never leave a change without its row.
onRecordCreateExecute(
  (e) => {
    const audit = require(`${__hooks}/lib/audit.js`);
    audit.inTransaction(e, (app) => audit.write(app, "INSERT", e.record, null, audit.snapshot(e.record)));
  },
  ...AUDITED,
);

onRecordUpdateExecute(
  (e) => {
    const audit = require(`${__hooks}/lib/audit.js`);
    const before = audit.snapshot(e.record.original());
    audit.inTransaction(e, (app) => audit.write(app, "UPDATE", e.record, before, audit.snapshot(e.record)));
  },
  ...AUDITED,
);

onRecordDeleteExecute(
  (e) => {
    const audit = require(`${__hooks}/lib/audit.js`);
    const before = audit.snapshot(e.record);
    audit.inTransaction(e, (app) => audit.write(app, "DELETE", e.record, before, null));
  },
  ...AUDITED,
);

// Audit rows are history: nobody changes them through the API, superusers included.
const refuseAuditChange = () => {
  throw new ForbiddenError("O log de auditoria não pode ser alterado.");
};
onRecordCreateRequest(refuseAuditChange, "audit_logs");
onRecordUpdateRequest(refuseAuditChange, "audit_logs");
onRecordDeleteRequest(refuseAuditChange, "audit_logs");
