package replication

import (
	"context"
	"log/slog"
	"os"
	"time"
)

// errorCapture passes Litestream's log to PocketBase's and keeps its last error.
type errorCapture struct {
	next   slog.Handler
	record func(string)
}

// Only warnings and errors reach PocketBase's log (kept in auxiliary.db): Litestream's
// routine messages would add rows all day long.
func (h *errorCapture) Enabled(_ context.Context, level slog.Level) bool {
	return level >= slog.LevelWarn
}

func (h *errorCapture) Handle(ctx context.Context, rec slog.Record) error {
	if rec.Level >= slog.LevelError {
		message := rec.Message
		rec.Attrs(func(attr slog.Attr) bool {
			if attr.Key == "error" {
				message += ": " + attr.Value.String()
			}
			return true
		})
		h.record(message)
	}
	return h.next.Handle(ctx, rec)
}

func (h *errorCapture) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &errorCapture{next: h.next.WithAttrs(attrs), record: h.record}
}

func (h *errorCapture) WithGroup(name string) slog.Handler {
	return &errorCapture{next: h.next.WithGroup(name), record: h.record}
}

// debugLog: for an operator chasing a replication problem, OPERIUM_REPLICA_DEBUG puts
// Litestream's whole log on stderr (the server's and the replica commands').
func debugLog() bool {
	return os.Getenv("OPERIUM_REPLICA_DEBUG") != ""
}

// every runs fn at each tick of interval until ctx ends.
func every(ctx context.Context, interval time.Duration, fn func()) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			fn()
		}
	}
}
