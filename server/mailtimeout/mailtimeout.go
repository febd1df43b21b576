// Package mailtimeout bounds every e-mail PocketBase's mailer sends (the hooks' too:
// $app.newMailClient().send, password resets, the test e-mail of Configurações). Its SMTP
// client sets no deadline, so a server that takes the connection and never answers would
// hold the sender, a request or a cron job, forever. JS hooks cannot put a deadline on
// that call; this hook can.
package mailtimeout

import (
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Limit is how long one message may take, connection included: long enough for a slow
// provider, short enough for the person waiting on 'Enviar e-mail de teste'.
const Limit = 20 * time.Second

// Register makes a send that outlives Limit fail with an error that says so ("i/o
// timeout", as Go's own deadlines say: pb_hooks/lib/mail/mail-test.js explains it). The
// stalled conversation is left to end on its own: a message it still completes is sent.
func Register(app core.App) {
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		done := make(chan error, 1)
		go func() { done <- e.Next() }()
		timer := time.NewTimer(Limit)
		defer timer.Stop()
		select {
		case err := <-done:
			return err
		case <-timer.C:
			return fmt.Errorf("o servidor SMTP não respondeu em %s: i/o timeout", Limit)
		}
	})
}
