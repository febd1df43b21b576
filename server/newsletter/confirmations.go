package newsletter

// Confirmation e-mails of new sign-ups leave after the sign-up has answered (issue 47):
// sent inside the request, the SMTP exchange made a new address answer later (about
// 100 ms against a local server, far more against a real one) than an address already
// confirmed, which told who is subscribed. The hooks decide everything: a sign-up
// queues its subscription and marks its request (pb_hooks/lib/newsletter.js). A JS hook
// cannot run anything once its request has answered, so this runs the hooks' own job
// then, in one goroutine (runs never overlap here; the job's 5-minute schedule,
// pb_hooks/newsletter.pb.js, may overlap and the job claims each row, and also retries
// what failed).

import (
	"context"
	"log"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

const (
	// ConfirmationQueued is the request value pb_hooks/lib/newsletter.js sets to true
	// when a sign-up queued a confirmation e-mail.
	ConfirmationQueued = "operium.newsletterConfirmation"
	// confirmationsJob is the hooks' cron job that sends the queued confirmations.
	confirmationsJob = "newsletter_confirmations"
	// confirmationsMiddlewareID names the middleware in the router.
	confirmationsMiddlewareID = "operiumNewsletterConfirmations"
	// terminateWait is how long a stop waits for a run under way.
	terminateWait = 5 * time.Second
)

// RegisterConfirmations starts the runner with the server and stops it with the app.
func RegisterConfirmations(app core.App) {
	wake := make(chan struct{}, 1)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		// Before the JS request guard (0) and the record handler: it sees their mark once they are done.
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       confirmationsMiddlewareID,
			Priority: -1,
			Func: func(e *core.RequestEvent) error {
				err := e.Next()
				if queued, _ := e.Get(ConfirmationQueued).(bool); queued {
					select {
					case wake <- struct{}{}:
					default: // a run is already due: it sends this one too
					}
				}
				return err
			},
		})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			for {
				select {
				case <-ctx.Done():
					return
				case <-wake:
					runJob(app, confirmationsJob)
				}
			}
		}()
		app.OnTerminate().BindFunc(func(te *core.TerminateEvent) error {
			cancel()
			// PocketBase's mailer sets no deadline: a mail server that stalls would hold
			// the shutdown (and a backup's restore, which restarts) for good. A run cut
			// short leaves its row claimed; the job takes it again once the claim is old.
			select {
			case <-done:
			case <-time.After(terminateWait):
				log.Printf("newsletter: o envio das confirmações não terminou em %s; o servidor para assim mesmo", terminateWait)
			}
			return te.Next()
		})
		return se.Next()
	})
}

// runJob runs a cron job of the hooks now, as PocketBase's "run" button does.
func runJob(app core.App, id string) {
	defer func() {
		// A failing job must not end the runner (the job logs its own failures).
		if r := recover(); r != nil {
			log.Printf("newsletter: o envio das confirmações falhou: %v", r)
		}
	}()
	for _, job := range app.Cron().Jobs() {
		if job.Id() == id {
			job.Run()
			return
		}
	}
}
