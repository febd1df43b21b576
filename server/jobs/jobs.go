// Package jobs runs a cron job of the hooks right after a request has answered, when
// the request asks for it: the part of "do this in the background" that must be Go.
//
// Some work must not hold the visitor's answer: a newsletter sign-up's confirmation
// e-mail (sent inside the request, the SMTP exchange made a new address answer later
// than a subscribed one, which told who is on the list) and the team's e-mail
// about a new contact message. The hooks decide everything and do the work in their
// own cron jobs (pb_hooks/newsletter.pb.js, pb_hooks/contact.pb.js), which also run on
// their schedules and claim each row, so runs may overlap. A JS hook cannot run
// anything once its request has answered: a hook marks its request with the job's id
// (pb_hooks/lib/mail/after-answer.js), and this runs that job then, in one goroutine.
package jobs

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

const (
	// Mark is the request value a hook sets to the id of one of its cron jobs.
	Mark = "operium.afterAnswer"
	// middlewareID names the middleware in the router.
	middlewareID = "operiumAfterAnswerJobs"
	// terminateWait is how long a stop waits for a run under way.
	terminateWait = 5 * time.Second
)

// Register starts the runner with the server and stops it with the app.
func Register(app core.App) {
	r := &runner{app: app, due: map[string]bool{}, wake: make(chan struct{}, 1)}
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		// Before the JS request guard (0) and the handlers: it sees their mark once they are done.
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       middlewareID,
			Priority: -1,
			Func: func(e *core.RequestEvent) error {
				err := e.Next()
				if id, _ := e.Get(Mark).(string); id != "" {
					r.queue(id)
				}
				return err
			},
		})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			r.run(ctx)
		}()
		app.OnTerminate().BindFunc(func(te *core.TerminateEvent) error {
			cancel()
			// PocketBase's mailer sets no deadline: a mail server that stalls would hold
			// the shutdown (and a backup's restore, which restarts) for good. A run cut
			// short leaves its row claimed; the job takes it again once the claim is old.
			select {
			case <-done:
			case <-time.After(terminateWait):
				log.Printf("jobs: um trabalho em segundo plano não terminou em %s; o servidor para assim mesmo", terminateWait)
			}
			return te.Next()
		})
		return se.Next()
	})
}

type runner struct {
	app  core.App
	mu   sync.Mutex
	due  map[string]bool
	wake chan struct{}
}

// queue asks for one more run of a job: many asks before it starts make one run.
func (r *runner) queue(id string) {
	r.mu.Lock()
	r.due[id] = true
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default: // a run is already due: it takes this job too
	}
}

func (r *runner) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-r.wake:
		}
		r.mu.Lock()
		due := r.due
		r.due = map[string]bool{}
		r.mu.Unlock()
		for id := range due {
			if ctx.Err() != nil {
				return
			}
			runJob(r.app, id)
		}
	}
}

// runJob runs a cron job of the hooks now, as PocketBase's "run" button does.
func runJob(app core.App, id string) {
	defer func() {
		// A failing job must not end the runner (the job logs its own failures).
		if r := recover(); r != nil {
			log.Printf("jobs: o trabalho %s falhou: %v", id, r)
		}
	}()
	for _, job := range app.Cron().Jobs() {
		if job.Id() == id {
			job.Run()
			return
		}
	}
}
