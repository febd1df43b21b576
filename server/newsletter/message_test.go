package newsletter

import (
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"net/textproto"
	"strings"
	"testing"
	"time"
)

func TestComposeCarriesTheRecipientsLinkInHeadersAndBothParts(t *testing.T) {
	l := letter{
		FromName:        "Operium Notícias",
		FromAddress:     "news@operium.com.br",
		Subject:         "Calibração de sensores | Operium",
		HTML:            `<p>Olá</p><a href="{{unsubscribe_url}}">Cancelar inscrição</a>`,
		Text:            "Olá\nCancelar inscrição: {{unsubscribe_url}}\n",
		UnsubscribeBase: "https://www.operium.com.br/newsletter/cancelar?t=",
	}
	raw := l.compose("leitor@exemplo.com.br", "abc123", "d1.s1", time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC))
	message, err := mail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	link := "https://www.operium.com.br/newsletter/cancelar?t=abc123"
	decoder := new(mime.WordDecoder)
	subject, _ := decoder.DecodeHeader(message.Header.Get("Subject"))
	from, _ := message.Header.AddressList("From")
	checks := map[string][2]string{
		"Subject":               {subject, l.Subject},
		"From":                  {from[0].Name + " <" + from[0].Address + ">", "Operium Notícias <news@operium.com.br>"},
		"To":                    {message.Header.Get("To"), "<leitor@exemplo.com.br>"},
		"List-Unsubscribe":      {message.Header.Get("List-Unsubscribe"), "<" + link + ">"},
		"List-Unsubscribe-Post": {message.Header.Get("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click"},
		"Message-ID":            {message.Header.Get("Message-ID"), "<d1.s1@operium.com.br>"},
	}
	for name, pair := range checks {
		if pair[0] != pair[1] {
			t.Errorf("%s = %q, want %q", name, pair[0], pair[1])
		}
	}

	mediaType, params, err := mime.ParseMediaType(message.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/alternative" {
		t.Fatalf("Content-Type %q (%v)", message.Header.Get("Content-Type"), err)
	}
	parts := multipart.NewReader(message.Body, params["boundary"])
	var bodies []string
	for {
		part, err := parts.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(part) // multipart undoes the quoted-printable
		bodies = append(bodies, textproto.TrimString(part.Header.Get("Content-Type"))+"\n"+string(body))
	}
	if len(bodies) != 2 || !strings.HasPrefix(bodies[0], "text/plain") || !strings.HasPrefix(bodies[1], "text/html") {
		t.Fatalf("parts: %q", bodies)
	}
	if !strings.Contains(bodies[0], "Cancelar inscrição: "+link) {
		t.Errorf("text part without the link: %q", bodies[0])
	}
	if !strings.Contains(bodies[1], `<a href="`+link+`">Cancelar inscrição</a>`) {
		t.Errorf("html part without the link: %q", bodies[1])
	}
}

func TestPermanentTellsRefusalsFromPassingFailures(t *testing.T) {
	cases := []struct {
		err  error
		want bool
	}{
		{&textproto.Error{Code: 550, Msg: "no such user"}, true},
		{&textproto.Error{Code: 451, Msg: "try later"}, false},
		{errors.New("connection reset"), false},
	}
	for _, c := range cases {
		if got := permanent(c.err); got != c.want {
			t.Errorf("permanent(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
