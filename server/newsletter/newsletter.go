// Package newsletter delivers a post's newsletter to its confirmed subscribers: the
// part of the feature that must be Go.
//
// The hooks decide everything else (pb_hooks/lib/newsletter/send.js): who may send,
// which post, the e-mail's content, and the list of recipients, written as one
// 'pending' row per subscriber in newsletter_deliveries (unique per post and
// subscriber). This worker only works through that list at the rate of the send,
// and it must be Go because "at most once" hangs on where the delivery is recorded
// within the SMTP conversation (see session.deliver): PocketBase's mailer, the only
// one the JS hooks can reach, sends a message in one call that cannot be split.
//
// It survives restarts because all its state is in SQLite: a send still 'sending'
// is resumed at start, and its pending rows are the ones never accepted by the server.
package newsletter

import (
	"context"
	"errors"
	"log"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

const (
	sendsCollection      = "newsletter_sends"
	deliveriesCollection = "newsletter_deliveries"

	// batchSize rows are read at once; between batches the send's status (cancelled?)
	// and rate are read again and its counters written.
	batchSize = 100
	// maxAttempts for a message the server refuses for now (4xx) or a broken connection.
	maxAttempts = 5
	// messagesPerConnection: many providers cap a connection's messages; reconnecting
	// every so often stays below their caps.
	messagesPerConnection = 100
	// idleTimeout closes the SMTP connection when there is nothing to send.
	idleTimeout = 10 * time.Second
	// pollInterval: sends are also woken at once when created.
	pollInterval = 3 * time.Second
)

// waitingForMail is shown on a send queued while e-mail is not configured.
const waitingForMail = "Aguardando as configurações de e-mail (Configurações › Integrações)."

// Register starts the worker with the server and stops it with the app.
func Register(app core.App) {
	w := &worker{app: app, wake: make(chan struct{}, 1)}
	app.OnRecordAfterCreateSuccess(sendsCollection).BindFunc(func(e *core.RecordEvent) error {
		w.notify()
		return e.Next()
	})
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		ctx, cancel := context.WithCancel(context.Background())
		var done sync.WaitGroup
		done.Add(1)
		go func() {
			defer done.Done()
			w.run(ctx)
		}()
		app.OnTerminate().BindFunc(func(te *core.TerminateEvent) error {
			cancel()
			done.Wait()
			return te.Next()
		})
		return se.Next()
	})
}

type worker struct {
	app  core.App
	wake chan struct{}
	smtp *session
	// next is when the next message may leave (the send's rate).
	next time.Time
}

func (w *worker) notify() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *worker) run(ctx context.Context) {
	defer w.disconnect()
	ticker := time.NewTicker(pollInterval)
	defer ticker.Stop()
	idle := time.Now()
	for {
		busy := w.step(ctx)
		if ctx.Err() != nil {
			return
		}
		if busy {
			idle = time.Now()
			continue
		}
		if w.smtp != nil && time.Since(idle) > idleTimeout {
			w.disconnect()
		}
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-ticker.C:
		}
	}
}

// step does one unit of work (every waiting test e-mail, then one batch of the oldest
// send) and tells whether there was any.
func (w *worker) step(ctx context.Context) bool {
	// 'sending' too: a test cut short by a restart is sent again (it goes to staff only).
	tests, err := w.app.FindRecordsByFilter(sendsCollection,
		"kind = 'test' && (status = 'queued' || status = 'sending')", "created", 20, 0)
	if err != nil {
		log.Printf("newsletter: %v", err)
		return false
	}
	if len(tests) > 0 && !w.mailReady(tests[0]) {
		tests = nil
	}
	for _, send := range tests {
		w.sendTest(ctx, send)
	}
	sends, err := w.app.FindRecordsByFilter(sendsCollection,
		"kind = 'post' && (status = 'queued' || status = 'sending')", "created", 10, 0)
	if err != nil {
		log.Printf("newsletter: %v", err)
		return len(tests) > 0
	}
	// The oldest send with a message ready; one whose rest waits for retries lets the next go.
	for _, send := range sends {
		if !w.mailReady(send) {
			break
		}
		if w.batch(ctx, send) {
			return true
		}
	}
	return len(tests) > 0
}

// mailReady tells whether e-mail is configured; if not, the send says it waits.
func (w *worker) mailReady(send *core.Record) bool {
	if w.app.Settings().SMTP.Enabled {
		return true
	}
	if send.GetString("error") != waitingForMail {
		w.update(send.Id, func(r *core.Record) { r.Set("error", waitingForMail) })
	}
	return false
}

func (w *worker) letter(send *core.Record) letter {
	meta := w.app.Settings().Meta
	return letter{
		FromName:        meta.SenderName,
		FromAddress:     meta.SenderAddress,
		Subject:         send.GetString("subject"),
		HTML:            send.GetString("html"),
		Text:            send.GetString("text"),
		UnsubscribeBase: send.GetString("unsubscribe_base"),
	}
}

// sendTest mails a test to the staff member who asked, with a link that unsubscribes no one.
func (w *worker) sendTest(ctx context.Context, send *core.Record) {
	w.update(send.Id, func(r *core.Record) {
		r.Set("status", "sending")
		r.Set("started_at", types.NowDateTime())
	})
	message := w.letter(send).compose(send.GetString("test_to"), "teste", send.Id, time.Now())
	_, err := w.deliver(send.GetString("test_to"), message, func() error { return nil })
	w.update(send.Id, func(r *core.Record) {
		r.Set("finished_at", types.NowDateTime())
		if err != nil {
			r.Set("status", "failed")
			r.Set("failed", 1)
			r.Set("error", summary(err))
			r.Set("error_detail", describe(err))
			return
		}
		r.Set("status", "done")
		r.Set("sent", 1)
		r.Set("error", "")
		r.Set("error_detail", "")
	})
}

type recipient struct {
	ID       string `db:"id"`
	Attempts int    `db:"attempts"`
	Email    string `db:"email"`
	Status   string `db:"subscriber_status"`
	Token    string `db:"unsubscribe_token"`
}

// batch sends up to batchSize pending deliveries of a send, then its counters, and
// tells whether there was any; with none left, the send is done.
func (w *worker) batch(ctx context.Context, send *core.Record) bool {
	if send.GetString("status") == "queued" || send.GetString("error") != "" {
		w.update(send.Id, func(r *core.Record) {
			r.Set("status", "sending")
			r.Set("error", "")
			r.Set("error_detail", "")
			if r.GetDateTime("started_at").IsZero() {
				r.Set("started_at", types.NowDateTime())
			}
		})
	}
	var rows []recipient
	err := w.app.DB().NewQuery(`
		SELECT d.id, d.attempts, s.email, s.status AS subscriber_status, s.unsubscribe_token
		FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber
		WHERE d.send = {:send} AND d.status = 'pending' AND d.retry_at <= {:now}
		ORDER BY d.rowid LIMIT {:limit}`).
		Bind(dbx.Params{"send": send.Id, "now": types.NowDateTime().String(), "limit": batchSize}).
		All(&rows)
	if err != nil {
		log.Printf("newsletter: envio %s: %v", send.Id, err)
		return false
	}
	if len(rows) == 0 {
		w.finishIfDone(send.Id)
		return false
	}
	mail := w.letter(send)
	rate := send.GetInt("rate_per_minute")
	for _, row := range rows {
		if ctx.Err() != nil || w.cancelled(send.Id) {
			break
		}
		if row.Status != "confirmed" {
			// Unsubscribed (or erased and re-subscribed) since the send began.
			w.exec(`UPDATE newsletter_deliveries SET status = 'skipped', updated = {:now} WHERE id = {:id}`, row.ID)
			continue
		}
		if !w.pace(ctx, rate) {
			break
		}
		message := mail.compose(row.Email, row.Token, row.ID+"."+send.Id, time.Now())
		committed, err := w.deliver(row.Email, message, func() error { return w.markSent(row.ID) })
		w.settle(row, committed, err)
	}
	w.count(send.Id)
	return true
}

// cancelled reads the send's status again: staff may cancel it while it runs.
func (w *worker) cancelled(id string) bool {
	var status string
	err := w.app.DB().NewQuery("SELECT status FROM newsletter_sends WHERE id = {:id}").
		Bind(dbx.Params{"id": id}).Row(&status)
	return err != nil || status != "sending"
}

// pace waits for the send's rate (messages per minute).
func (w *worker) pace(ctx context.Context, perMinute int) bool {
	if perMinute < 1 {
		perMinute = 1
	}
	now := time.Now()
	if w.next.After(now) {
		timer := time.NewTimer(w.next.Sub(now))
		defer timer.Stop()
		select {
		case <-ctx.Done():
			return false
		case <-timer.C:
		}
		now = w.next
	}
	w.next = now.Add(time.Minute / time.Duration(perMinute))
	return true
}

// deliver sends one message over the open connection (opening one if needed).
func (w *worker) deliver(to string, message []byte, commit func() error) (committed bool, err error) {
	config := w.app.Settings().SMTP
	if w.smtp != nil && (w.smtp.config != config || w.smtp.sent >= messagesPerConnection) {
		w.disconnect()
	}
	if w.smtp == nil {
		s, err := dial(config)
		if err != nil {
			return false, err
		}
		w.smtp = s
	}
	from := w.app.Settings().Meta.SenderAddress
	committed, err = w.smtp.deliver(from, to, message, commit)
	switch {
	case err == nil:
	case serverReply(err) && !errors.Is(err, errCommit):
		// A refusal of this message: the connection can carry the next one.
		if w.smtp.reset() != nil {
			w.disconnect()
		}
	default:
		w.smtp.drop()
		w.smtp = nil
	}
	return committed, err
}

func (w *worker) disconnect() {
	if w.smtp != nil {
		w.smtp.close()
		w.smtp = nil
	}
}
