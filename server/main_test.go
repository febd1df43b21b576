package main

import "testing"

func TestServeAddress(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--http=127.0.0.1:39561", "--dir=x"}, "127.0.0.1:39561"},
		{[]string{"serve", "--dir=x", "--http", "0.0.0.0:8080"}, "0.0.0.0:8080"},
		{[]string{"serve"}, ""},
		{[]string{"superuser", "upsert", "a@b.c", "x", "--http=127.0.0.1:1"}, ""},
		{nil, ""},
	} {
		if got := serveAddress(c.args); got != c.want {
			t.Errorf("serveAddress(%q) = %q, want %q", c.args, got, c.want)
		}
	}
}
