//go:build noaudit

package audit

// enabled is false only in the benchmark's peer binary (go build -tags noaudit).
const enabled = false
