/// <reference path="../pb_data/types.d.ts" />

// The admin's posts search (lib/posts/search.js): its index kept in step with the posts
// collection, and `search=` on the posts records list.

// On every start, an index that is missing, incomplete or from another definition (a
// trigger dropped, rows loaded around it, a table damaged) is rebuilt from the posts.
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/posts/search.js`).ensureOrLog(e.app);
});

onCollectionCreateExecute((e) => {
  e.next();
  require(`${__hooks}/lib/posts/search.js`).ensureOrLog(e.app);
}, "posts");

// A change to the collection: the triggers go first (SQLite would refuse to drop or
// rename a column they read), and come back over the fields the collection now has,
// in one transaction with the change, so no write goes by unindexed. A change that
// leaves the indexed fields alone (a rule, an index) keeps the indexed rows.
onCollectionUpdateExecute((e) => {
  const search = require(`${__hooks}/lib/posts/search.js`);
  const app = e.app;
  try {
    app.runInTransaction((tx) => {
      e.app = tx;
      search.dropTriggers(tx);
      e.next();
      search.ensureOrLog(tx, { rowsCurrent: true });
    });
  } finally {
    e.app = app;
  }
}, "posts");

onCollectionDeleteExecute((e) => {
  e.next();
  require(`${__hooks}/lib/posts/search.js`).ensureOrLog(e.app);
}, "posts");
