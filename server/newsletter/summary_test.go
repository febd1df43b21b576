package newsletter

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/textproto"
	"os"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// closedPort is a loopback port nobody listens on.
func closedPort(t *testing.T) int {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := listener.Addr().(*net.TCPAddr).Port
	listener.Close()
	return port
}

// refusingAuth is an SMTP server on loopback that offers AUTH and refuses every login.
func refusingAuth(t *testing.T) int {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { listener.Close() })
	go func() {
		conn, err := listener.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		reader := bufio.NewReader(conn)
		fmt.Fprint(conn, "220 smtp.interno.exemplo ESMTP\r\n")
		for {
			line, err := reader.ReadString('\n')
			if err != nil {
				return
			}
			switch {
			case strings.HasPrefix(line, "EHLO"):
				fmt.Fprint(conn, "250-smtp.interno.exemplo\r\n250 AUTH PLAIN LOGIN\r\n")
			case strings.HasPrefix(line, "AUTH"):
				fmt.Fprint(conn, "535 5.7.8 smtp.interno.exemplo: authentication failed\r\n")
			default:
				fmt.Fprint(conn, "221 bye\r\n")
				return
			}
		}
	}()
	return listener.Addr().(*net.TCPAddr).Port
}

type timeoutError struct{}

func (timeoutError) Error() string   { return "i/o timeout" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

func TestSummaryTellsWhatFailedWithoutTheServer(t *testing.T) {
	const (
		connect   = "Não foi possível conectar ao servidor de e-mail. Confira o servidor e a porta em Configurações › Integrações."
		timeout   = "O servidor de e-mail não respondeu a tempo."
		other     = "O envio falhou por um erro inesperado. Um administrador pode ver o detalhe em Envios."
		authFixed = "O servidor de e-mail recusou a autenticação (código 535). Confira o usuário e a senha em Configurações › Integrações."
	)
	_, refused := dial(core.SMTPConfig{Host: "127.0.0.1", Port: closedPort(t)})
	_, login := dial(core.SMTPConfig{Host: "127.0.0.1", Port: refusingAuth(t), Username: "news", Password: "segredo"})
	address := &net.TCPAddr{IP: net.IPv4(10, 0, 0, 5), Port: 587}
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"connection refused", refused, connect},
		{"unknown host", &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "smtp.interno"}}, connect},
		{"dial timeout", &net.OpError{Op: "dial", Net: "tcp", Addr: address, Err: timeoutError{}}, timeout},
		{"stalled server", &net.OpError{Op: "read", Net: "tcp", Addr: address, Err: os.ErrDeadlineExceeded}, timeout},
		{"credentials refused", login, authFixed},
		{"recipient refused", &textproto.Error{Code: 550, Msg: "5.1.1 <x@y> unknown user at smtp.interno"},
			"O servidor de e-mail recusou a mensagem ou o destinatário (código 550)."},
		{"message refused", fmt.Errorf("data: %w", &textproto.Error{Code: 554, Msg: "spam"}),
			"O servidor de e-mail recusou a mensagem ou o destinatário (código 554)."},
		{"greylisted", &textproto.Error{Code: 451, Msg: "4.7.1 try later"},
			"O servidor de e-mail recusou a mensagem temporariamente (código 451)."},
		{"login refused before asking", authFailure{errors.New("conexão sem criptografia")}, other},
		{"connection lost", &net.OpError{Op: "write", Net: "tcp", Addr: address, Err: errors.New("broken pipe")}, other},
		{"not recorded", fmt.Errorf("%w: %v", errCommit, errors.New("database is locked")), other},
	}
	for _, c := range cases {
		if c.err == nil {
			t.Fatalf("%s: no error to describe", c.name)
		}
		if got := summary(c.err); got != c.want {
			t.Errorf("%s: summary(%v) = %q, want %q", c.name, c.err, got, c.want)
		}
		for _, secret := range []string{"127.0.0.1", "10.0.0.5", "smtp.interno", "587"} {
			if strings.Contains(summary(c.err), secret) {
				t.Errorf("%s: summary names the server: %q", c.name, summary(c.err))
			}
		}
	}
	// The detail keeps the raw text (admins only).
	if !strings.Contains(describe(refused), "127.0.0.1:") || !strings.Contains(describe(refused), "refused") {
		t.Errorf("describe(%v) = %q, want the dial error", refused, describe(refused))
	}
	if !strings.Contains(describe(login), "535") || !strings.Contains(describe(login), "smtp.interno.exemplo") {
		t.Errorf("describe(%v) = %q, want the server's reply", login, describe(login))
	}
}
