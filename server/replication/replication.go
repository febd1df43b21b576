// Package replication keeps a continuous copy of the database (pb_data/data.db) in
// S3-compatible storage with Litestream, used as a Go library inside this server.
//
// Why Go, and why the library: a JS hook cannot follow SQLite's write-ahead log; and
// in-process, the replica starts and stops with the server it copies, in `npm start`
// and in both Docker images alike, with no second binary to download (only the Go
// module proxy is reachable where this is built) or supervise, and the admin's Backups
// screen reads its state directly. Litestream and PocketBase share one SQLite driver
// (modernc.org/sqlite), which its library use requires.
//
// What is replicated and where is decided by pb_hooks/lib/backups/storage.js from the
// S3_* and REPLICA_* variables (one reading of them for the hooks, the scripts and
// this package: plan.go runs its fromEnv() before the database opens); replication
// starts as soon as `serve` has opened the database, while this server holds the
// replica's lease (lease.go: one server writes to a replica). Point-in-time restores and
// the standby get the same configuration from scripts/restore.mjs (commands.go).
package replication

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// StatusStoreKey is where the hooks find the status function (pb_hooks/lib/backups/backups.js).
const StatusStoreKey = "operium.replica.status"

// ConfigEnv carries the same JSON to the restore and standby commands, which run
// without the hooks (scripts/restore.mjs and scripts/standby.mjs set it).
const ConfigEnv = "OPERIUM_REPLICA_CONFIG"

// metaDirName is Litestream's working folder beside the database: its local copy of
// the not yet uploaded changes. Never part of a backup: a restored database starts
// with a new one.
const metaDirName = ".data.db" + litestream.MetaDirSuffix

// Levels are the replica's compaction levels. A change is uploaded alone within the
// interval (level 0), the changes of each whole minute are merged at the minute's
// turn (level 1), those of each hour at the hour's (level 2), and a full snapshot is
// taken daily. Merged files carry the time of their last change, so a restore to
// "14:03" uses the minute files up to 14:03 and nothing after it: to-the-minute points
// in time for the whole retention, not only the minutes the level 0 files are kept.
func Levels() litestream.CompactionLevels {
	return litestream.CompactionLevels{
		{Level: 0},
		{Level: 1, Interval: time.Minute},
		{Level: 2, Interval: time.Hour},
	}
}

// Register starts replicating when the server starts serving, if the hooks
// configured a replica, and stops it with the server.
func Register(app core.App) {
	r := &replicator{app: app}
	app.Store().Set(StatusStoreKey, r.status)

	// As soon as the database is open, before migrations, jobs and requests write to it.
	app.OnBootstrap().BindFunc(func(e *core.BootstrapEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		if err := r.start(); err != nil {
			// A server that cannot replicate still serves: the Backups screen shows why.
			r.fail(err)
			app.Logger().Error("Replicação do banco não iniciou", slog.String("error", err.Error()))
		}
		return nil
	})

	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		// A graceful stop uploads what is left (Litestream's shutdown sync) first.
		r.stop()
		return e.Next()
	})

	// Litestream's folder stays out of backups: it describes this database file only.
	// And first of all the backup's handlers (the manifest's transaction in
	// pb_hooks/lib/backups/manifest.js), the write-ahead log goes into the database file
	// through Litestream: its own checkpoint copies the log to the replica first and lets
	// go of the read lock it keeps, which a plain TRUNCATE checkpoint cannot get past; so
	// the zip's data.db holds every page and its log is empty, as without a replica.
	app.OnBackupCreate().Bind(&hook.Handler[*core.BackupEvent]{
		Priority: -100,
		Func: func(e *core.BackupEvent) error {
			e.Exclude = append(e.Exclude, metaDirName)
			r.checkpoint(e.Context)
			return e.Next()
		},
	})

	// A restore replaces data.db under the replica's feet: it stops first. After the
	// restore the process starts again on the restored data, and Litestream, finding
	// the database behind the replica, carries on with a snapshot of it; the replica
	// keeps the history before it (a restore to a point before still works).
	app.OnBackupRestore().BindFunc(func(e *core.BackupEvent) error {
		wasRunning := r.stop()
		err := e.Next()
		if err != nil && wasRunning {
			if startErr := r.start(); startErr != nil {
				r.fail(startErr)
			}
		}
		return err
	})
}

type replicator struct {
	app core.App

	mu     sync.Mutex
	config *Config
	store  *litestream.Store
	db     *litestream.DB

	// What the Backups screen shows, kept by watch().
	behindSince  time.Time
	remoteTXID   string
	replicatedAt time.Time
	lastError    string
	errorAt      time.Time
	// Whether lastError came from uploading changes: only those end when the replica
	// catches up; a failed compaction, snapshot or retention stays until it succeeds.
	syncError   bool
	cancelWatch context.CancelFunc

	// The replica's lease (lease.go): the loop that renews it, or waits for it while
	// another server holds it, and who that server is.
	cancelLease context.CancelFunc
	leaseDone   chan struct{}
	holder      *leaseHolder
	heldBy      string
}

// start replicates from now on, while this server holds the replica's lease: it takes
// it now if it can, and a loop keeps it (or keeps trying, while another server has it).
func (r *replicator) start() error {
	config := planned
	if config == nil {
		return nil
	}
	r.mu.Lock()
	if r.cancelLease != nil {
		r.mu.Unlock()
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	holder, err := newLeaseHolder(ctx, config, leaseOwner(r.app.DataDir()))
	if err != nil {
		r.mu.Unlock()
		cancel()
		return err
	}
	done := make(chan struct{})
	r.cancelLease, r.leaseDone, r.holder, r.config = cancel, done, holder, config
	r.mu.Unlock()

	err = r.take(ctx, config, holder)
	go func() {
		defer close(done)
		every(ctx, leaseEvery, func() { r.keep(ctx, config, holder) })
	}()
	return err
}

// open starts Litestream on data.db, replicating to the configured bucket.
func (r *replicator) open(config *Config) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.store != nil {
		return nil
	}

	logger := slog.New(&errorCapture{next: r.app.Logger().Handler(), record: r.recordLog})
	// For an operator chasing a replication problem: Litestream's whole log on stderr.
	if debugLog() {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	db := litestream.NewDB(filepath.Join(r.app.DataDir(), "data.db"))
	// Two halves of the interval: the log is read into a local change file, then uploaded.
	half := config.Interval() / 2
	db.MonitorInterval = half
	replica := litestream.NewReplicaWithClient(db, config.Client())
	replica.SyncInterval = half
	db.Replica = replica

	store := litestream.NewStore([]*litestream.DB{db}, Levels())
	store.SnapshotInterval = 24 * time.Hour
	store.SnapshotRetention = time.Duration(config.RetentionDays * 24 * float64(time.Hour))
	store.Logger = logger
	db.SetLogger(logger.With("db", "data.db"))

	if err := store.Open(context.Background()); err != nil {
		return fmt.Errorf("abrir a réplica em %s: %w", config.Bucket, err)
	}
	r.config, r.store, r.db = config, store, db
	r.lastError, r.errorAt, r.syncError = "", time.Time{}, false
	r.behindSince, r.remoteTXID, r.replicatedAt = time.Time{}, "", time.Time{}
	// PocketBase's nightly job checkpoints data.db with TRUNCATE, which Litestream's read
	// lock would hold up for the whole busy timeout (10 s of blocked writes): the same
	// job, with data.db's checkpoint made through Litestream.
	r.app.Cron().Add("__pbDBOptimize__", "0 0 * * *", r.nightly)
	ctx, cancel := context.WithCancel(context.Background())
	r.cancelWatch = cancel
	go r.watch(ctx, db, replica)
	r.app.Logger().Info("Replicação do banco ligada",
		slog.String("bucket", config.Bucket), slog.Duration("interval", config.Interval()))
	return nil
}

// checkpoint empties the write-ahead log into data.db through Litestream (a no-op when
// the replica is off; a failure only means the backup carries the log, still consistent).
func (r *replicator) checkpoint(ctx context.Context) {
	r.mu.Lock()
	db := r.db
	r.mu.Unlock()
	if db == nil {
		return
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := db.Checkpoint(ctx, litestream.CheckpointModeTruncate); err != nil {
		r.app.Logger().Warn("Replicação do banco: checkpoint antes do backup falhou", slog.String("error", err.Error()))
	}
}

// nightly is PocketBase's own __pbDBOptimize__ job with data.db's checkpoint made by
// Litestream.
func (r *replicator) nightly() {
	r.checkpoint(context.Background())
	if _, err := r.app.AuxNonconcurrentDB().NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
		r.app.Logger().Warn("Failed to run periodic PRAGMA wal_checkpoint for the auxiliary DB", slog.String("error", err.Error()))
	}
	if _, err := r.app.NonconcurrentDB().NewQuery("PRAGMA optimize").Execute(); err != nil {
		r.app.Logger().Warn("Failed to run periodic PRAGMA optimize", slog.String("error", err.Error()))
	}
}

// stop closes the replica, then gives its lease back (true if it was replicating).
func (r *replicator) stop() bool {
	r.mu.Lock()
	cancel, done, holder := r.cancelLease, r.leaseDone, r.holder
	r.cancelLease, r.leaseDone, r.holder = nil, nil, nil
	r.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	// The lease loop ends first: it must not open the replica again behind this stop.
	if done != nil {
		<-done
	}
	// The last changes are uploaded (Litestream's shutdown sync) while the lease is still ours.
	stopped := r.closeStore()
	if holder != nil {
		ctx, cancelRelease := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancelRelease()
		holder.release(ctx)
	}
	return stopped
}

// closeStore stops replicating (true if it was); the lease is kept.
func (r *replicator) closeStore() bool {
	r.mu.Lock()
	store := r.store
	r.store, r.db = nil, nil
	if r.cancelWatch != nil {
		r.cancelWatch()
		r.cancelWatch = nil
	}
	r.mu.Unlock()
	if store == nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := store.Close(ctx); err != nil {
		r.app.Logger().Warn("Replicação do banco: erro ao parar", slog.String("error", err.Error()))
	}
	return true
}

// watch notes, every quarter of a second, whether the replica holds the last local
// change, and since when it does not.
func (r *replicator) watch(ctx context.Context, db *litestream.DB, replica *litestream.Replica) {
	every(ctx, 250*time.Millisecond, func() {
		local, err := db.Pos()
		if err != nil {
			return
		}
		remote := replica.Pos()
		now := time.Now()
		r.mu.Lock()
		defer r.mu.Unlock()
		if !remote.IsZero() && remote.TXID.String() != r.remoteTXID {
			r.remoteTXID, r.replicatedAt = remote.TXID.String(), now
		}
		if !remote.IsZero() && remote.TXID >= local.TXID {
			r.behindSince = time.Time{}
			// Uploads work again: an earlier upload error is over.
			if r.syncError {
				r.lastError, r.errorAt, r.syncError = "", time.Time{}, false
			}
		} else if r.behindSince.IsZero() {
			r.behindSince = now
		}
	})
}

func (r *replicator) fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lastError, r.errorAt, r.syncError = err.Error(), time.Now(), false
}

func (r *replicator) recordLog(message string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	// Litestream's upload loops log "monitor error"; its other jobs name themselves
	// ("compaction failed", "retention enforcement failed", …).
	r.lastError, r.errorAt, r.syncError = message, time.Now(), strings.HasPrefix(message, "monitor error")
}

// status is what GET /api/admin/backups/status adds as "replication"
// (pb_hooks/lib/backups/backups.js turns it into the screen's pt-BR text).
func (r *replicator) status() map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	status := map[string]any{
		"enabled": planned != nil,
		// Why it is off: "no-s3", "off" (REPLICA=off) or the configuration's refusal.
		"off":     plannedOff,
		"running": r.store != nil,
		"error":   r.lastError,
	}
	if !r.errorAt.IsZero() {
		status["errorAt"] = r.errorAt.UTC().Format(time.RFC3339)
	}
	if r.heldBy != "" {
		// Another server holds the replica's lease (lease.go): this one waits for it, at
		// most this long after that server stops.
		status["heldBy"] = r.heldBy
		status["leaseSeconds"] = leaseTTL.Seconds()
	}
	if r.config != nil {
		status["bucket"] = r.config.Bucket
		status["intervalSeconds"] = r.config.SyncIntervalSeconds
		status["retentionDays"] = r.config.RetentionDays
	}
	if r.db != nil && r.db.Replica != nil {
		if local, err := r.db.Pos(); err == nil {
			status["localTxid"] = local.TXID.String()
		}
		status["replicatedTxid"] = r.db.Replica.Pos().TXID.String()
	}
	if !r.replicatedAt.IsZero() {
		// When the replica last received a change.
		status["replicatedAt"] = r.replicatedAt.UTC().Format(time.RFC3339Nano)
	}
	lag := 0.0
	if !r.behindSince.IsZero() {
		lag = time.Since(r.behindSince).Seconds()
	}
	status["lagSeconds"] = lag
	return status
}
