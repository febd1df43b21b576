/// <reference path="../pb_data/types.d.ts" />

// Two-step sign-in for staff (lib/auth/two-step.js): the second step waits for e-mail, a
// code is mailed only after the password, a right code finishes the sign-in and is
// audited, and the Perfil switch is each account's own. The code tries are counted by
// the request middleware (lib/common/request-guards.js): PocketBase checks a code before any
// record hook runs.

onRecordAuthRequest((e) => require(`${__hooks}/lib/auth/two-step.js`).skipWithoutMail(e), "users");

onRecordRequestOTPRequest((e) => require(`${__hooks}/lib/auth/two-step.js`).guardCodeRequest(e), "users");

onRecordAuthWithOTPRequest((e) => require(`${__hooks}/lib/auth/two-step.js`).completeSecondStep(e), "users");

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/auth/two-step.js`).guardSwitch(e, true);
  e.next();
}, "users");

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/auth/two-step.js`).guardSwitch(e, false);
  e.next();
}, "users");
