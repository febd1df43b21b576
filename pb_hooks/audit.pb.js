/// <reference path="../pb_data/types.d.ts" />

// The audit log (see lib/audit/audit.js). Handlers run in pooled runtimes and cannot see this
// file's variables, so each requires the library; the tag list is read once, here.
{
  const audited = require(`${__hooks}/lib/audit/audit.js`).AUDITED;

  // Who asked: request hooks see the API's requests (the dashboard's included).
  onRecordCreateRequest((e) => require(`${__hooks}/lib/audit/audit.js`).annotate(e), ...audited);
  onRecordUpdateRequest((e) => require(`${__hooks}/lib/audit/audit.js`).annotate(e), ...audited);
  onRecordDeleteRequest((e) => require(`${__hooks}/lib/audit/audit.js`).annotate(e), ...audited);

  // What changed: model-level hooks, so cron jobs, hooks and CLI commands are logged too.
  onRecordCreateExecute((e) => require(`${__hooks}/lib/audit/audit.js`).logChange(e, "INSERT"), ...audited);
  onRecordUpdateExecute((e) => require(`${__hooks}/lib/audit/audit.js`).logChange(e, "UPDATE"), ...audited);
  onRecordDeleteExecute((e) => require(`${__hooks}/lib/audit/audit.js`).logChange(e, "DELETE"), ...audited);
}

onRecordCreateRequest(() => require(`${__hooks}/lib/audit/audit.js`).refuseChange(), "audit_logs");
onRecordUpdateRequest(() => require(`${__hooks}/lib/audit/audit.js`).refuseChange(), "audit_logs");
onRecordDeleteRequest(() => require(`${__hooks}/lib/audit/audit.js`).refuseChange(), "audit_logs");
