package site

import "testing"

func TestAccepts(t *testing.T) {
	cases := []struct {
		header, coding string
		want           bool
	}{
		{"gzip, deflate, br", "br", true},
		{"gzip, deflate, br", "gzip", true},
		{"deflate", "gzip", false},
		{"", "gzip", false},
		{"*", "br", true},
		{"*;q=0", "br", false},
		{"br;q=0, *", "br", false},
		{"BR;Q=0.5", "br", true},
		{"gzip;q=0", "gzip", false},
		{"gzip;q=0.001", "gzip", true},
		{"identity", "br", false},
	}
	for _, c := range cases {
		if got := accepts(c.header, c.coding); got != c.want {
			t.Errorf("accepts(%q, %q) = %v, want %v", c.header, c.coding, got, c.want)
		}
	}
}
