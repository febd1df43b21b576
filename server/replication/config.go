package replication

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/benbjohnson/litestream/s3"
)

// Config is the replica as storage.js describes it.
type Config struct {
	Endpoint            string  `json:"endpoint"`
	Region              string  `json:"region"`
	AccessKey           string  `json:"accessKey"`
	Secret              string  `json:"secret"`
	ForcePathStyle      bool    `json:"forcePathStyle"`
	Bucket              string  `json:"bucket"`
	Path                string  `json:"path"`
	SyncIntervalSeconds float64 `json:"syncIntervalSeconds"`
	RetentionDays       float64 `json:"retentionDays"`
}

// ParseConfig reads the JSON storage.js writes; "" means replication is off (nil).
func ParseConfig(text string) (*Config, error) {
	if text == "" {
		return nil, nil
	}
	var config Config
	if err := json.Unmarshal([]byte(text), &config); err != nil {
		return nil, fmt.Errorf("configuração da réplica ilegível: %w", err)
	}
	if config.Bucket == "" || config.Path == "" || config.SyncIntervalSeconds <= 0 || config.RetentionDays <= 0 {
		return nil, errors.New("configuração da réplica incompleta")
	}
	return &config, nil
}

// Interval is the most time between a commit and its upload (the target RPO).
func (c *Config) Interval() time.Duration {
	return time.Duration(c.SyncIntervalSeconds * float64(time.Second))
}

// Client is the S3 replica client of this configuration.
func (c *Config) Client() *s3.ReplicaClient {
	caBundleOnce.Do(moveCABundle)
	client := s3.NewReplicaClient()
	client.Endpoint = c.Endpoint
	client.Region = c.Region
	client.AccessKeyID = c.AccessKey
	client.SecretAccessKey = c.Secret
	client.ForcePathStyle = c.ForcePathStyle
	client.Bucket = c.Bucket
	client.Path = c.Path
	return client
}

var caBundleOnce sync.Once

// moveCABundle hands AWS_CA_BUNDLE (a private CA for the S3 endpoint, or a machine's
// default) to Go's own TLS roots: the AWS SDK inside Litestream's S3 client refuses to
// start with it ("unable to add custom RootCAs HTTPClient"), since Litestream brings
// its own HTTP client. Go reads SSL_CERT_FILE for the roots (beside SSL_CERT_DIR's).
func moveCABundle() {
	bundle := os.Getenv("AWS_CA_BUNDLE")
	if bundle == "" {
		return
	}
	if os.Getenv("SSL_CERT_FILE") == "" {
		_ = os.Setenv("SSL_CERT_FILE", bundle)
	}
	_ = os.Unsetenv("AWS_CA_BUNDLE")
}
