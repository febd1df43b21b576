/// <reference path="../pb_data/types.d.ts" />

// A backup every day at 03:00 (UTC), the last 7 kept, unless an operator already chose a
// schedule (dashboard › Settings › Backups, where it can be changed or turned off).
// Without one, a lost disk or a bad change could only go back to whenever someone last
// clicked "Criar backup". Each backup carries its manifest (pb_hooks/lib/backups/manifest.js).
migrate(
  (app) => {
    const settings = app.settings();
    if (settings.backups.cron !== "") return;
    settings.backups.cron = "0 3 * * *";
    settings.backups.cronMaxKeep = 7;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    if (settings.backups.cron !== "0 3 * * *") return;
    settings.backups.cron = "";
    app.save(settings);
  },
);
