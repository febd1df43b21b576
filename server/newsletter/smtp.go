package newsletter

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/smtp"
	"net/textproto"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// messageTimeout bounds one message's conversation: a stalled server fails the message
// (retried later) instead of stopping the whole send.
const messageTimeout = time.Minute

// errCommit says the delivery could not be recorded as sent, so its message was
// abandoned before the terminator: the server discards it and it stays pending.
var errCommit = errors.New("o envio não pôde ser registrado")

// session is one SMTP connection, reused for many messages (as PocketBase's mailer
// connects the same way: implicit TLS, or STARTTLS when offered; PLAIN or LOGIN).
type session struct {
	conn   net.Conn
	client *smtp.Client
	config core.SMTPConfig
	sent   int
}

func dial(config core.SMTPConfig) (*session, error) {
	address := net.JoinHostPort(config.Host, strconv.Itoa(config.Port))
	dialer := &net.Dialer{Timeout: 15 * time.Second}
	var (
		conn net.Conn
		err  error
	)
	if config.TLS {
		conn, err = tls.DialWithDialer(dialer, "tcp", address, &tls.Config{ServerName: config.Host})
	} else {
		conn, err = dialer.Dial("tcp", address)
	}
	if err != nil {
		return nil, err
	}
	_ = conn.SetDeadline(time.Now().Add(messageTimeout))
	client, err := smtp.NewClient(conn, config.Host)
	if err != nil {
		conn.Close()
		return nil, err
	}
	s := &session{conn: conn, client: client, config: config}
	if err := s.open(); err != nil {
		s.drop()
		return nil, err
	}
	return s, nil
}

func (s *session) open() error {
	localName := s.config.LocalName
	if localName == "" {
		localName = "localhost"
	}
	if err := s.client.Hello(localName); err != nil {
		return err
	}
	if !s.config.TLS {
		if ok, _ := s.client.Extension("STARTTLS"); ok {
			if err := s.client.StartTLS(&tls.Config{ServerName: s.config.Host}); err != nil {
				return err
			}
		}
	}
	if s.config.Username == "" && s.config.Password == "" {
		return nil
	}
	if ok, _ := s.client.Extension("AUTH"); !ok {
		return nil
	}
	var auth smtp.Auth = smtp.PlainAuth("", s.config.Username, s.config.Password, s.config.Host)
	if s.config.AuthMethod == "LOGIN" {
		auth = &loginAuth{username: s.config.Username, password: s.config.Password}
	}
	if err := s.client.Auth(auth); err != nil {
		return authFailure{err}
	}
	return nil
}

// authFailure marks the server's refusal of the credentials (summary tells it apart
// from a refused message); its text is the server's own.
type authFailure struct{ error }

func (f authFailure) Unwrap() error { return f.error }

// deliver sends one message. The delivery is recorded as sent (commit) after the whole
// body reached the server and before the terminator that makes the server accept it:
// killed before the commit, the server never got a complete message and the delivery
// is still pending, so it is sent again; killed after it, the delivery is not sent
// twice. The one gap left is the few microseconds between the commit and the
// terminator's write (a miss, never a duplicate). committed tells whether the commit
// ran: an error after it is either the server's refusal (the message was not
// accepted) or a lost connection (it may have been: never sent again).
func (s *session) deliver(from, to string, message []byte, commit func() error) (committed bool, err error) {
	_ = s.conn.SetDeadline(time.Now().Add(messageTimeout))
	if err := s.client.Mail(from); err != nil {
		return false, err
	}
	if err := s.client.Rcpt(to); err != nil {
		return false, err
	}
	body, err := s.client.Data()
	if err != nil {
		return false, err
	}
	if _, err := body.Write(message); err != nil {
		return false, err
	}
	if err := s.client.Text.W.Flush(); err != nil {
		return false, err
	}
	if err := commit(); err != nil {
		// Never the terminator: dropping the connection makes the server discard it.
		s.drop()
		return false, fmt.Errorf("%w: %v", errCommit, err)
	}
	s.sent++
	return true, body.Close()
}

// reset ends a refused transaction (a recipient the server rejected) so the
// connection can carry the next message.
func (s *session) reset() error {
	return s.client.Reset()
}

func (s *session) close() {
	_ = s.conn.SetDeadline(time.Now().Add(5 * time.Second))
	_ = s.client.Quit()
	s.drop()
}

func (s *session) drop() {
	_ = s.conn.Close()
}

// permanent tells a refusal the server will repeat (5xx) from a passing one (4xx) or a
// broken connection, which are tried again later.
func permanent(err error) bool {
	var reply *textproto.Error
	return errors.As(err, &reply) && reply.Code >= 500
}

// serverReply tells an SMTP reply from a failure of the connection itself.
func serverReply(err error) bool {
	var reply *textproto.Error
	return errors.As(err, &reply)
}

// loginAuth is AUTH LOGIN, which some servers require (PocketBase's own is unexported):
// like net/smtp's PLAIN, it sends the credentials only over TLS or to this machine.
type loginAuth struct {
	username, password string
}

func (a *loginAuth) Start(server *smtp.ServerInfo) (string, []byte, error) {
	if !server.TLS && !isLoopback(server.Name) {
		return "", nil, errors.New("conexão sem criptografia")
	}
	return "LOGIN", nil, nil
}

func (a *loginAuth) Next(fromServer []byte, more bool) ([]byte, error) {
	if !more {
		return nil, nil
	}
	switch string(fromServer) {
	case "Username:":
		return []byte(a.username), nil
	case "Password:":
		return []byte(a.password), nil
	}
	return nil, fmt.Errorf("pergunta inesperada do servidor SMTP: %q", fromServer)
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
