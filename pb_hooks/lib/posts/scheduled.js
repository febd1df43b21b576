// Publishes every scheduled post whose published_at has passed. Returns how many.
function publishDuePosts(app) {
  const due = app.findRecordsByFilter(
    "posts",
    "status = 'scheduled' && published_at != '' && published_at <= @now",
    "published_at",
    500,
    0,
  );
  for (const post of due) {
    post.set("status", "published");
    app.save(post);
  }
  return due.length;
}

module.exports = { publishDuePosts };
