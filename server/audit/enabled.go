//go:build !noaudit

package audit

// enabled: every build writes the log, except the benchmark's peer
// (bench/api-scale.mjs builds it with -tags noaudit to measure what the log costs).
const enabled = true
