package replication

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	s3sdk "github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/s3"
)

// Only one server may write to a replica: two servers writing one replica's history
// (a restored copy started with the same S3_* variables, a standby taken over while
// the old primary still runs) would interleave their changes, and no restore from it
// could be trusted. So a server replicates only while it holds Litestream's S3 lease
// (lock.json beside the replica, written with conditional requests: no two servers can
// both win it), renews it well before it expires, and gives it back when it stops.

// leaseTTL is how long a lease lasts without renewal: a server that died (kill -9, a
// lost machine) hands the replica over to another after at most this long.
const leaseTTL = 30 * time.Second

// leaseEvery is how often a holder renews its lease and a waiting server tries again.
const leaseEvery = leaseTTL / 6

// errLeaseHeld: another server holds the replica's lease.
type errLeaseHeld struct {
	Owner string
	Until time.Time
}

func (e *errLeaseHeld) Error() string {
	who := "outro servidor"
	if e.Owner != "" {
		who += " (" + e.Owner + ")"
	}
	return fmt.Sprintf("%s grava nesta réplica, com o direito renovado até %s", who, e.Until.UTC().Format(time.RFC3339))
}

// leaseHolder takes, keeps and gives back one replica's lease.
type leaseHolder struct {
	s3     *s3sdk.Client
	leaser *s3.Leaser
	held   *litestream.Lease
}

// leaseOwner names this server in the lease: its host and data folder. The same server
// restarted on the same data (after a crash, before its old lease expired) takes its
// own lease back at once; any other copy waits for it to expire.
func leaseOwner(dataDir string) string {
	host, _ := os.Hostname()
	if real, err := filepath.EvalSymlinks(dataDir); err == nil {
		dataDir = real
	}
	if abs, err := filepath.Abs(dataDir); err == nil {
		dataDir = abs
	}
	return host + ":" + dataDir
}

// newLeaseHolder makes an S3 client of the replica's configuration for the lease
// (Litestream's replica client keeps its own to itself), set as Litestream's is for
// S3-compatible stores.
func newLeaseHolder(ctx context.Context, config *Config, owner string) (*leaseHolder, error) {
	caBundleOnce.Do(moveCABundle)
	region := config.Region
	if region == "" {
		region = s3.DefaultRegion
	}
	options := []func(*awsconfig.LoadOptions) error{awsconfig.WithRegion(region)}
	if config.AccessKey != "" && config.Secret != "" {
		options = append(options, awsconfig.WithCredentialsProvider(
			credentials.NewStaticCredentialsProvider(config.AccessKey, config.Secret, "")))
	}
	cfg, err := awsconfig.LoadDefaultConfig(ctx, options...)
	if err != nil {
		return nil, fmt.Errorf("configurar o acesso à réplica: %w", err)
	}
	client := s3sdk.NewFromConfig(cfg, func(o *s3sdk.Options) {
		o.UsePathStyle = config.ForcePathStyle
		if config.Endpoint != "" {
			o.BaseEndpoint = aws.String(config.Endpoint)
			// What S3-compatible stores accept (as Litestream's client does).
			o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
			o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
		}
	})
	leaser := s3.NewLeaser()
	leaser.SetClient(client)
	leaser.Bucket = config.Bucket
	leaser.Path = config.Path
	leaser.TTL = leaseTTL
	leaser.Owner = owner
	return &leaseHolder{s3: client, leaser: leaser}, nil
}

// acquire takes the lease: a free or expired one, or this server's own from before a
// restart. Another server's live lease is an *errLeaseHeld.
func (h *leaseHolder) acquire(ctx context.Context) error {
	lease, err := h.leaser.AcquireLease(ctx)
	var exists *litestream.LeaseExistsError
	if errors.As(err, &exists) {
		if exists.Owner != h.leaser.Owner {
			return &errLeaseHeld{Owner: exists.Owner, Until: exists.ExpiresAt}
		}
		// Ours, from before a restart: renewed in place, only if nobody wrote it since.
		lease, err = h.reclaim(ctx)
	}
	if err != nil {
		return err
	}
	h.held = lease
	return nil
}

// reclaim renews this server's own lease found in the store (its ETag read first).
func (h *leaseHolder) reclaim(ctx context.Context) (*litestream.Lease, error) {
	out, err := h.s3.GetObject(ctx, &s3sdk.GetObjectInput{Bucket: aws.String(h.leaser.Bucket), Key: aws.String(h.key())})
	if err != nil {
		return nil, fmt.Errorf("ler o direito de gravar na réplica: %w", err)
	}
	defer out.Body.Close()
	var current litestream.Lease
	if err := json.NewDecoder(out.Body).Decode(&current); err != nil {
		return nil, fmt.Errorf("ler o direito de gravar na réplica: %w", err)
	}
	if current.Owner != h.leaser.Owner && !current.IsExpired() {
		return nil, &errLeaseHeld{Owner: current.Owner, Until: current.ExpiresAt}
	}
	current.ETag = aws.ToString(out.ETag)
	lease, err := h.leaser.RenewLease(ctx, &current)
	if errors.Is(err, litestream.ErrLeaseNotHeld) {
		return nil, &errLeaseHeld{Until: time.Now().Add(leaseTTL)}
	}
	return lease, err
}

// key is the lease's object, as Litestream's leaser names it.
func (h *leaseHolder) key() string {
	if h.leaser.Path == "" {
		return s3.DefaultLeasePath
	}
	return h.leaser.Path + "/" + s3.DefaultLeasePath
}

// renew extends the held lease; litestream.ErrLeaseNotHeld if another server took it.
func (h *leaseHolder) renew(ctx context.Context) error {
	lease, err := h.leaser.RenewLease(ctx, h.held)
	if err != nil {
		return err
	}
	h.held = lease
	return nil
}

// expired: the held lease ran out without a renewal (S3 unreachable that long), so
// another server may hold it now.
func (h *leaseHolder) expired() bool {
	return h.held == nil || h.held.IsExpired()
}

// release gives the lease back, so another server may take the replica at once.
func (h *leaseHolder) release(ctx context.Context) {
	if h.held != nil {
		_ = h.leaser.ReleaseLease(ctx, h.held)
		h.held = nil
	}
}

// take acquires the lease and starts replicating; a lease held elsewhere is noted for
// the Backups screen.
func (r *replicator) take(ctx context.Context, config *Config, holder *leaseHolder) error {
	err := holder.acquire(ctx)
	var held *errLeaseHeld
	r.mu.Lock()
	if errors.As(err, &held) {
		r.heldBy = held.Owner
	} else {
		r.heldBy = ""
	}
	r.mu.Unlock()
	if err == nil {
		err = r.open(config)
	}
	if err != nil {
		r.fail(err)
	}
	return err
}

// keep renews the lease while replicating, and stops replicating when it is lost
// (another server took it, or it ran out while S3 could not be reached); without it,
// it tries to take it again.
func (r *replicator) keep(ctx context.Context, config *Config, holder *leaseHolder) {
	r.mu.Lock()
	running := r.store != nil
	r.mu.Unlock()
	if !running {
		if r.take(ctx, config, holder) != nil {
			// data.db's connections leave checkpoints to Litestream (dbconnect.go): while it
			// does not run, the log is moved into the database here, or it would grow all day.
			if _, err := r.app.NonconcurrentDB().NewQuery("PRAGMA wal_checkpoint(PASSIVE)").Execute(); err != nil {
				r.app.Logger().Warn("Replicação do banco: checkpoint sem a réplica falhou", slog.String("error", err.Error()))
			}
		}
		return
	}
	err := holder.renew(ctx)
	if err == nil || ctx.Err() != nil {
		return
	}
	if errors.Is(err, litestream.ErrLeaseNotHeld) || holder.expired() {
		r.closeStore()
		r.fail(fmt.Errorf("o direito de gravar na réplica foi perdido (%w); a replicação parou até retomá-lo", err))
	}
}
