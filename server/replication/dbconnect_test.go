package replication

import (
	"path/filepath"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The connection settings DBConnect gives are PocketBase's own (after an upgrade of
// PocketBase, a changed default shows here), and its transactions take the write lock
// at BEGIN: a second one waits instead of failing later on a stale snapshot.
func TestDBConnectKeepsPocketBaseSettings(t *testing.T) {
	dir := t.TempDir()
	ours, err := DBConnect(filepath.Join(dir, "ours.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer ours.Close()
	theirs, err := core.DefaultDBConnect(filepath.Join(dir, "theirs.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer theirs.Close()
	for _, pragma := range []string{"busy_timeout", "journal_mode", "journal_size_limit", "synchronous", "foreign_keys", "temp_store", "cache_size"} {
		var a, b string
		if err := ours.NewQuery("PRAGMA " + pragma).Row(&a); err != nil {
			t.Fatal(err)
		}
		if err := theirs.NewQuery("PRAGMA " + pragma).Row(&b); err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Errorf("PRAGMA %s: ours %q, PocketBase's %q", pragma, a, b)
		}
	}
}

func TestDBConnectBeginsImmediate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.db")
	db, err := DBConnect(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.NewQuery("CREATE TABLE t (n INTEGER)").Execute(); err != nil {
		t.Fatal(err)
	}
	other, err := dbx.Open("sqlite", path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	// With the write lock taken at BEGIN, another writer is refused at once.
	if _, err := other.NewQuery("INSERT INTO t (n) VALUES (1)").Execute(); err == nil {
		t.Fatal("a write beside an open IMMEDIATE transaction went through: BEGIN did not take the lock")
	}
}
