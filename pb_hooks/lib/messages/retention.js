// How long personal data is kept (LGPD: no longer than needed). Contact messages older
// than the period set in Configurações (contact_retention_months; default and limits
// in public-forms.json) are deleted by a daily job; the privacy policy shows the same
// period. Deleted through PocketBase (app.delete), so the collection's hooks all run.

const RULE = require(`${__hooks}/../shared/public-forms.json`).forms.contact_messages.retentionMonths;
const BATCH = 500;

/** The months set in Configurações, or the default when unset or out of range. */
function contactRetentionMonths(app) {
  const value = require(`${__hooks}/lib/settings/settings.js`).settingValue(app, "contact_retention_months");
  const months = /^[0-9]{1,3}$/.test(value) ? parseInt(value, 10) : RULE.default;
  return months >= RULE.min && months <= RULE.max ? months : RULE.default;
}

/** Deletes the contact messages older than the retention period; returns how many. */
function purgeOldContactMessages(app) {
  const cutoff = new DateTime().addDate(0, -contactRetentionMonths(app), 0).string();
  let deleted = 0;
  for (;;) {
    const old = app.findRecordsByFilter("contact_messages", "created < {:cutoff}", "created", BATCH, 0, { cutoff: cutoff });
    for (const record of old) app.delete(record);
    deleted += old.length;
    if (old.length < BATCH) return deleted;
  }
}

module.exports = { contactRetentionMonths, purgeOldContactMessages };
