package newsletter

// What the worker writes as it goes: each delivery's outcome and the send's counters and
// state, in the same SQLite database that lets a send resume after a restart.

import (
	"database/sql"
	"log"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// markSent is the commit of session.deliver: the delivery leaves 'pending' for good.
func (w *worker) markSent(id string) error {
	result, err := w.app.NonconcurrentDB().NewQuery(`
		UPDATE newsletter_deliveries SET status = 'sent', sent_at = {:now}, updated = {:now},
			attempts = attempts + 1, error = '', error_detail = ''
		WHERE id = {:id} AND status = 'pending'`).
		Bind(dbx.Params{"id": id, "now": types.NowDateTime().String()}).Execute()
	if err != nil {
		return err
	}
	if n, _ := result.RowsAffected(); n != 1 {
		return sql.ErrNoRows
	}
	return nil
}

// settle records a delivery's outcome when it was not a plain success: a refusal after
// the commit undoes it (the server did not accept the message), while a connection lost
// after it keeps it sent (the server may have accepted it: at most once); a permanent
// refusal fails the address; anything else is tried again later, up to maxAttempts.
func (w *worker) settle(row recipient, committed bool, err error) {
	if err == nil {
		return
	}
	if committed && !serverReply(err) {
		log.Printf("newsletter: entrega %s: conexão perdida após a mensagem; considerada enviada: %v", row.ID, err)
		return
	}
	attempts := row.Attempts + 1
	failure := dbx.Params{"error": summary(err), "detail": describe(err), "attempts": attempts}
	if permanent(err) || attempts >= maxAttempts {
		w.exec(`UPDATE newsletter_deliveries SET status = 'failed', error = {:error}, error_detail = {:detail},
			attempts = {:attempts}, updated = {:now} WHERE id = {:id}`, row.ID, failure)
		return
	}
	failure["retry"] = types.NowDateTime().Add(time.Duration(attempts*attempts) * time.Minute).String()
	w.exec(`UPDATE newsletter_deliveries SET status = 'pending', error = {:error}, error_detail = {:detail},
		attempts = {:attempts}, retry_at = {:retry}, sent_at = '', updated = {:now} WHERE id = {:id}`, row.ID, failure)
}

// count writes the send's counters from its deliveries (plain SQL: progress is not an
// audited change; the admin polls it).
func (w *worker) count(id string) {
	w.exec(`UPDATE newsletter_sends SET
		sent = (SELECT COUNT(*) FROM newsletter_deliveries WHERE send = {:id} AND status = 'sent'),
		failed = (SELECT COUNT(*) FROM newsletter_deliveries WHERE send = {:id} AND status = 'failed'),
		skipped = (SELECT COUNT(*) FROM newsletter_deliveries WHERE send = {:id} AND status = 'skipped'),
		updated = {:now}
		WHERE id = {:id}`, id)
}

// finishIfDone ends a send with nothing pending (retries waiting for their time keep it open).
func (w *worker) finishIfDone(id string) {
	var pending int
	if err := w.app.DB().NewQuery("SELECT COUNT(*) FROM newsletter_deliveries WHERE send = {:id} AND status = 'pending'").
		Bind(dbx.Params{"id": id}).Row(&pending); err != nil || pending > 0 {
		return
	}
	w.count(id)
	w.update(id, func(r *core.Record) {
		r.Set("status", "done")
		r.Set("finished_at", types.NowDateTime())
	})
}

// update changes a send through PocketBase (its hooks log the change), from a fresh
// copy so the counters written by count are kept.
func (w *worker) update(id string, change func(*core.Record)) {
	record, err := w.app.FindRecordById(sendsCollection, id)
	if err == nil {
		change(record)
		err = w.app.Save(record)
	}
	if err != nil {
		log.Printf("newsletter: envio %s: %v", id, err)
	}
}

func (w *worker) exec(query, id string, extra ...dbx.Params) {
	params := dbx.Params{"id": id, "now": types.NowDateTime().String()}
	for _, more := range extra {
		for k, v := range more {
			params[k] = v
		}
	}
	if _, err := w.app.NonconcurrentDB().NewQuery(query).Bind(params).Execute(); err != nil {
		log.Printf("newsletter: %v", err)
	}
}
