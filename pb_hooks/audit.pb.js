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

onRecordAfterCreateSuccess(
  (e) => {
    const audit = require(`${__hooks}/lib/audit.js`);
    audit.write(e.app, "INSERT", e.record, null, audit.snapshot(e.record));
    e.next();
  },
  ...AUDITED,
);

onRecordAfterUpdateSuccess(
  (e) => {
    const audit = require(`${__hooks}/lib/audit.js`);
    audit.write(e.app, "UPDATE", e.record, audit.snapshot(e.record.original()), audit.snapshot(e.record));
    e.next();
  },
  ...AUDITED,
);

onRecordAfterDeleteSuccess(
  (e) => {
    const audit = require(`${__hooks}/lib/audit.js`);
    audit.write(e.app, "DELETE", e.record, audit.snapshot(e.record), null);
    e.next();
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
