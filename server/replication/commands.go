package replication

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/spf13/cobra"
	"github.com/superfly/ltx"
)

// Command is `replica`: restore the database from the replica into a new data
// directory (to its latest state or to a point in time), follow the replica as a
// standby, or tell what the replica holds. scripts/restore.mjs and
// scripts/standby.mjs run these with the configuration of storage.js in ConfigEnv.
// The commands print JSON lines for the scripts, which speak to the operator.
func Command() *cobra.Command {
	command := &cobra.Command{
		Use:   "replica",
		Short: "Restore or follow the database's continuous replica (S3)",
		PersistentPreRun: func(*cobra.Command, []string) {
			// Litestream's routine messages stay out of the operator's way (errors come back as errors).
			level := slog.LevelWarn
			if debugLog() {
				level = slog.LevelDebug
			}
			slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})))
		},
		SilenceUsage: true,
	}
	var target, at string
	// Each command reads the replica's configuration first, and most name a directory.
	withConfig := func(run func(*cobra.Command, *Config) error) func(*cobra.Command, []string) error {
		return func(cmd *cobra.Command, _ []string) error {
			config, err := configFromEnv()
			if err != nil {
				return err
			}
			return run(cmd, config)
		}
	}
	targetFlag := func(cmd *cobra.Command, usage string) *cobra.Command {
		cmd.Flags().StringVar(&target, "target", "", usage)
		_ = cmd.MarkFlagRequired("target")
		return cmd
	}

	restore := targetFlag(&cobra.Command{
		Use:   "restore",
		Short: "Restore the replica into a new data directory (--at RFC 3339 for a point in time)",
		RunE: withConfig(func(cmd *cobra.Command, config *Config) error {
			var when time.Time
			if at != "" {
				var err error
				if when, err = time.Parse(time.RFC3339, at); err != nil {
					return fmt.Errorf("--at: %w", err)
				}
			}
			return restoreInto(cmd.Context(), cmd.OutOrStdout(), config, target, when)
		}),
	}, "the new data directory (must not hold a data.db)")
	restore.Flags().StringVar(&at, "at", "", "point in time, RFC 3339 (default: the latest)")

	follow := targetFlag(&cobra.Command{
		Use:   "follow",
		Short: "Keep a standby data directory restored from the replica until stopped",
		RunE: withConfig(func(cmd *cobra.Command, config *Config) error {
			return followInto(cmd.Context(), cmd.OutOrStdout(), config, target)
		}),
	}, "the standby's data directory")

	takeOver := targetFlag(&cobra.Command{
		Use:   "take-over",
		Short: "Restore the replica's latest state over a stopped standby's directory, checked, ready to serve",
		RunE: withConfig(func(cmd *cobra.Command, config *Config) error {
			return takeOverInto(cmd.Context(), cmd.OutOrStdout(), config, target)
		}),
	}, "the standby's data directory")

	info := &cobra.Command{
		Use:   "info",
		Short: "The first and last moments the replica can restore",
		RunE: withConfig(func(cmd *cobra.Command, config *Config) error {
			replica, err := restoreReplica(cmd.Context(), config)
			if err != nil {
				return err
			}
			first, last, err := replica.TimeBounds(cmd.Context())
			if err != nil {
				return fmt.Errorf("ler a réplica: %w", err)
			}
			return emit(cmd.OutOrStdout(), map[string]any{"event": "info", "first": stamp(first), "last": stamp(last)})
		}),
	}

	command.AddCommand(restore, follow, takeOver, info)
	return command
}

func configFromEnv() (*Config, error) {
	config, err := ParseConfig(os.Getenv(ConfigEnv))
	if err != nil {
		return nil, err
	}
	if config == nil {
		return nil, errors.New("sem réplica configurada: defina as variáveis S3_* (e não REPLICA=off)")
	}
	return config, nil
}

func restoreReplica(ctx context.Context, config *Config) (*litestream.Replica, error) {
	client := config.Client()
	if err := client.Init(ctx); err != nil {
		return nil, fmt.Errorf("conectar ao bucket %s: %w", config.Bucket, err)
	}
	replica := litestream.NewReplicaWithClient(nil, client)
	// Litestream's own messages stay on stderr; the scripts read stdout.
	return replica, nil
}

func restoreInto(ctx context.Context, out io.Writer, config *Config, target string, at time.Time) error {
	dbPath := filepath.Join(target, "data.db")
	if _, err := os.Stat(dbPath); err == nil {
		return fmt.Errorf("%s já tem um data.db: restaure num diretório novo", target)
	}
	if err := os.MkdirAll(target, 0o755); err != nil {
		return err
	}
	replica, err := restoreReplica(ctx, config)
	if err != nil {
		return err
	}
	first, last, err := replica.TimeBounds(ctx)
	if err != nil {
		return fmt.Errorf("ler a réplica: %w", err)
	}
	if first.IsZero() {
		return errors.New("a réplica está vazia: nada a restaurar")
	}
	options := litestream.NewRestoreOptions()
	options.OutputPath = dbPath
	options.IntegrityCheck = litestream.IntegrityCheckFull
	restoredTo := last
	switch {
	case at.IsZero():
	case at.Before(first):
		return fmt.Errorf("a réplica não tem o banco como estava em %s: ela começa em %s (o que é mais antigo saiu do período guardado)",
			at.UTC().Format(time.RFC3339), first.UTC().Format(time.RFC3339))
	case at.After(last):
		// Nothing changed since the last copy: the state then is the latest one.
	default:
		options.Timestamp, restoredTo = at, at
	}
	started := time.Now()
	if err := replica.Restore(ctx, options); err != nil {
		return restoreError(err, at)
	}
	return emit(out, map[string]any{
		"event":      "restored",
		"path":       dbPath,
		"restoredTo": stamp(restoredTo),
		"seconds":    time.Since(started).Seconds(),
	})
}

func restoreError(err error, at time.Time) error {
	if errors.Is(err, litestream.ErrTxNotAvailable) || errors.Is(err, litestream.ErrNoSnapshots) {
		if at.IsZero() {
			return errors.New("a réplica está vazia: nada a restaurar")
		}
		return fmt.Errorf("a réplica não tem o banco como estava em %s (fora do período guardado)", at.UTC().Format(time.RFC3339))
	}
	return err
}

// followInto restores the replica into target, then applies each new change as it
// arrives, until SIGINT or SIGTERM. Started again on the same directory, it carries
// on from where it stopped (Litestream keeps the position in data.db-txid).
func followInto(ctx context.Context, out io.Writer, config *Config, target string) error {
	if err := os.MkdirAll(target, 0o755); err != nil {
		return err
	}
	replica, err := restoreReplica(ctx, config)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	options := litestream.NewRestoreOptions()
	options.OutputPath = filepath.Join(target, "data.db")
	options.Follow = true
	options.FollowInterval = config.Interval()
	if err := emit(out, map[string]any{"event": "following", "path": options.OutputPath}); err != nil {
		return err
	}
	// Each change applied, for the operator (scripts/standby.mjs prints it).
	var last ltx.TXID
	go every(ctx, 250*time.Millisecond, func() {
		if txid, err := litestream.ReadTXIDFile(options.OutputPath); err == nil && txid != last {
			last = txid
			_ = emit(out, map[string]any{"event": "applied", "txid": txid.String(), "at": stamp(time.Now())})
		}
	})
	if err := replica.Restore(ctx, options); err != nil {
		return restoreError(err, time.Time{})
	}
	txid, _ := litestream.ReadTXIDFile(options.OutputPath)
	return emit(out, map[string]any{"event": "stopped", "txid": txid.String()})
}

// takeOverInto makes a standby's directory a plain data directory holding the
// replica's latest state. The standby's follow (stopped first: scripts/standby.mjs
// refuses while it runs) kept a copy in step, but one stopped in the middle of
// applying a change may hold part of it; so the latest state is restored whole into a
// file beside it, checked (PRAGMA integrity_check), then put in its place. The follow
// copy stays until then: a failure leaves the standby as it was.
func takeOverInto(ctx context.Context, out io.Writer, config *Config, target string) error {
	dbPath := filepath.Join(target, "data.db")
	if _, err := os.Stat(litestream.TXIDPath(dbPath)); err != nil {
		return fmt.Errorf("%s não é um standby (sem %s): ele já assumiu, ou é outro tipo de cópia; para restaurar, use npm run restore",
			target, filepath.Base(litestream.TXIDPath(dbPath)))
	}
	replica, err := restoreReplica(ctx, config)
	if err != nil {
		return err
	}
	fresh := dbPath + ".assumindo"
	for _, leftover := range []string{fresh, fresh + ".tmp"} {
		_ = os.Remove(leftover)
	}
	options := litestream.NewRestoreOptions()
	options.OutputPath = fresh
	options.IntegrityCheck = litestream.IntegrityCheckFull
	if err := replica.Restore(ctx, options); err != nil {
		return restoreError(err, time.Time{})
	}
	_, last, err := replica.TimeBounds(ctx)
	if err != nil {
		return fmt.Errorf("ler a réplica: %w", err)
	}
	for _, old := range []string{dbPath + "-wal", dbPath + "-shm"} {
		if err := os.Remove(old); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	if err := os.Rename(fresh, dbPath); err != nil {
		return err
	}
	if err := os.Remove(litestream.TXIDPath(dbPath)); err != nil {
		return err
	}
	return emit(out, map[string]any{"event": "ready", "path": dbPath, "restoredTo": stamp(last)})
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func emit(out io.Writer, value map[string]any) error {
	line, err := json.Marshal(value)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, string(line))
	return err
}
