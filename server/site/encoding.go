package site

import (
	"strconv"
	"strings"
)

// accepts reports whether an Accept-Encoding header value allows coding
// (a listed coding, or "*", with a q-value above zero).
func accepts(acceptEncoding, coding string) bool {
	allowed := false
	for _, part := range strings.Split(acceptEncoding, ",") {
		token, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		token = strings.ToLower(strings.TrimSpace(token))
		if token != coding && token != "*" {
			continue
		}
		q := 1.0
		for _, param := range strings.Split(params, ";") {
			key, value, found := strings.Cut(strings.TrimSpace(param), "=")
			if found && strings.EqualFold(strings.TrimSpace(key), "q") {
				if parsed, err := strconv.ParseFloat(strings.TrimSpace(value), 64); err == nil {
					q = parsed
				}
			}
		}
		if token == coding {
			return q > 0 // an explicit entry wins over "*"
		}
		allowed = q > 0
	}
	return allowed
}
