// Package forms lets pb_hooks answer a public form that the browser sent itself
// (before its island loaded, or with JavaScript off) with pages instead of JSON.
//
// Such a form posts to the same record endpoint as the islands, so the same API rule,
// hooks and limits apply (pb_hooks/lib/forms/public-forms.js). PocketBase's record handler
// writes its JSON answer itself, and a JS hook can neither hold a response back nor
// order itself after the other hooks (the JS plugin loads hook files in no set order).
// This middleware is that one missing piece: for a request the JS guard marked, the
// handler's answer is kept from the visitor and its status handed back, so the guard
// answers with a 303 to the pt-BR result page. A refusal is an error the handler
// returns, never writes, and reaches the guard unchanged.
package forms

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

const (
	// MiddlewareID names this middleware in the router.
	MiddlewareID = "operiumNativeFormAnswer"
	// Mark is the request value the JS guard sets to the collection of a native form.
	Mark = "operium.nativeForm"
	// HeldStatus is the request value this middleware sets: the status the handler
	// answered with while its answer was held back.
	HeldStatus = "operium.heldStatus"
)

// Register binds the middleware right after the JS request guard (priority 0).
func Register(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       MiddlewareID,
			Priority: 1,
			Func:     holdAnswer,
		})
		return se.Next()
	})
}

func holdAnswer(e *core.RequestEvent) error {
	if collection, _ := e.Get(Mark).(string); collection == "" {
		return e.Next()
	}
	original := e.Response
	held := &heldResponse{header: http.Header{}}
	e.Response = held
	// Given back even if the handler panics, so the recovery's error reaches the visitor.
	defer func() { e.Response = original }()
	err := e.Next()
	e.Set(HeldStatus, held.status())
	return err
}

// heldResponse is an http.ResponseWriter that keeps nothing but the status.
type heldResponse struct {
	header http.Header
	code   int
}

func (h *heldResponse) Header() http.Header { return h.header }

func (h *heldResponse) WriteHeader(code int) {
	if h.code == 0 {
		h.code = code
	}
}

func (h *heldResponse) Write(body []byte) (int, error) {
	h.WriteHeader(http.StatusOK)
	return len(body), nil
}

func (h *heldResponse) status() int {
	return h.code
}
