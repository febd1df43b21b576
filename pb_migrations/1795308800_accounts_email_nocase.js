/// <reference path="../pb_data/types.d.ts" />

// E-mails are case-insensitive: `Ana@Exemplo.com` and `ana@exemplo.com` are one person.
// Stored e-mails become lowercase and trimmed (pb_hooks/accounts.pb.js keeps them so),
// and the unique index compares without case, which also makes PocketBase look
// e-mails up without case at sign-in and in password resets. Two accounts that differ
// only by case must be merged by hand first: the migration stops and names them.

const INDEX = "idx_users_email_nocase";

function emailIndexes(users) {
  return users.indexes.filter((index) => /UNIQUE INDEX/i.test(index) && /\(\s*`?email`?/i.test(index));
}

migrate(
  (app) => {
    const clashes = arrayOf(new DynamicModel({ email: "" }));
    app
      .db()
      .newQuery("SELECT LOWER(TRIM(email)) AS email FROM users WHERE email != '' GROUP BY LOWER(TRIM(email)) HAVING COUNT(*) > 1")
      .all(clashes);
    if (clashes.length > 0) {
      throw new Error(
        "Accounts whose e-mails differ only by letter case must be merged first: " + clashes.map((row) => row.email).join(", "),
      );
    }
    app.db().newQuery("UPDATE users SET email = LOWER(TRIM(email)) WHERE email != LOWER(TRIM(email))").execute();

    const users = app.findCollectionByNameOrId("users");
    const old = emailIndexes(users);
    users.indexes = users.indexes.filter((index) => !old.includes(index));
    users.indexes.push(`CREATE UNIQUE INDEX \`${INDEX}\` ON \`users\` (\`email\` COLLATE NOCASE) WHERE \`email\` != ''`);
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    users.indexes = users.indexes.filter((index) => index.indexOf(INDEX) < 0);
    // PocketBase puts back its own case-sensitive unique index when the collection is saved.
    app.save(users);
  },
);
