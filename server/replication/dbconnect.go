package replication

import (
	"path/filepath"

	"github.com/pocketbase/dbx"
)

// pocketBasePragmas are PocketBase's own connection settings (core.DefaultDBConnect,
// v0.39.11; dbconnect_test.go compares the settings they give with PocketBase's).
const pocketBasePragmas = "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=journal_size_limit(200000000)" +
	"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-32000)"

// DBConnect opens PocketBase's databases as PocketBase does, with one change: every
// transaction begins IMMEDIATE (it takes the write lock at BEGIN, waiting up to the
// busy timeout for it). The replica's Litestream writes to the database too (a row of
// its own after each checkpoint): a transaction that had read before such a write
// could no longer become a writer ("database is locked (517)", SQLITE_BUSY_SNAPSHOT,
// which no busy timeout waits out), and a staff save failed under load. PocketBase
// writes through one connection, so taking the lock at BEGIN costs it nothing.
//
// With a replica, data.db's connections never checkpoint on their own: Litestream does
// (at about 1,000 pages, and every minute), as litestream.io's tips advise under write
// load; an application's checkpoint racing Litestream's handover of its read lock can
// cut the log under it. auxiliary.db (logs, not replicated) keeps its checkpoints.
func DBConnect(dbPath string) (*dbx.DB, error) {
	dsn := dbPath + "?" + pocketBasePragmas + "&_txlock=immediate"
	if planned != nil && filepath.Base(dbPath) == "data.db" {
		dsn += "&_pragma=wal_autocheckpoint(0)"
	}
	return dbx.Open("sqlite", dsn)
}
