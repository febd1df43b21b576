package forms

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// run sends one request through holdAnswer, then `final` (the record handler's part).
func run(t *testing.T, mark string, final func(e *core.RequestEvent) error) (*httptest.ResponseRecorder, *core.RequestEvent, error) {
	t.Helper()
	recorder := httptest.NewRecorder()
	e := &core.RequestEvent{Event: router.Event{Response: recorder, Request: httptest.NewRequest(http.MethodPost, "/api/collections/comments/records", nil)}}
	if mark != "" {
		e.Set(Mark, mark)
	}
	chain := &hook.Hook[*core.RequestEvent]{}
	chain.Bind(&hook.Handler[*core.RequestEvent]{Id: MiddlewareID, Priority: 1, Func: holdAnswer})
	err := chain.Trigger(e, final)
	return recorder, e, err
}

func TestHoldsTheAnswerOfAMarkedRequest(t *testing.T) {
	recorder, e, err := run(t, "comments", func(e *core.RequestEvent) error {
		return e.JSON(http.StatusOK, map[string]string{"email": "visitante@exemplo.com.br"})
	})
	if err != nil {
		t.Fatal(err)
	}
	if recorder.Body.Len() != 0 || recorder.Code != http.StatusOK || len(recorder.Header()) != 0 {
		t.Fatalf("the visitor got the held answer: %d %v %q", recorder.Code, recorder.Header(), recorder.Body.String())
	}
	if got := e.Get(HeldStatus); got != http.StatusOK {
		t.Fatalf("held status = %v, want 200", got)
	}
	if e.Response != recorder {
		t.Fatal("the response writer was not given back")
	}
}

func TestHoldsANoContentAnswer(t *testing.T) {
	_, e, err := run(t, "newsletter_subscribers", func(e *core.RequestEvent) error { return e.NoContent(http.StatusNoContent) })
	if err != nil || e.Get(HeldStatus) != http.StatusNoContent {
		t.Fatalf("err %v, held status %v", err, e.Get(HeldStatus))
	}
}

func TestARefusalReachesTheGuardUnchanged(t *testing.T) {
	refusal := errors.New("refused")
	_, e, err := run(t, "contact_messages", func(*core.RequestEvent) error { return refusal })
	if !errors.Is(err, refusal) {
		t.Fatalf("err = %v, want the handler's", err)
	}
	if got := e.Get(HeldStatus); got != 0 {
		t.Fatalf("held status = %v, want 0 (nothing answered)", got)
	}
}

func TestLeavesOtherRequestsAlone(t *testing.T) {
	recorder, _, err := run(t, "", func(e *core.RequestEvent) error { return e.String(http.StatusOK, "pages and JSON") })
	if err != nil || recorder.Body.String() != "pages and JSON" {
		t.Fatalf("err %v, body %q", err, recorder.Body.String())
	}
}
