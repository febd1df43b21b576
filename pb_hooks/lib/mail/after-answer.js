// Work the visitor's answer must not wait for (an e-mail: its SMTP exchange would
// delay the answer, and could tell something by it) is done by one of the hooks' cron
// jobs; a request asks server/jobs (Go) to run that job right after it has answered,
// since a JS hook cannot run anything once its request has answered.

/** The request value server/jobs reads (jobs.Mark). */
const MARK = "operium.afterAnswer";

/** Has the cron job `jobId` run once this request has answered. */
function runAfterAnswer(e, jobId) {
  e.set(MARK, jobId);
}

module.exports = { runAfterAnswer };
