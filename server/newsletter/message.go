package newsletter

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"html"
	"mime"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"time"
)

// UnsubscribePlaceholder is where pb_hooks/lib/newsletter/send.js left each recipient's
// unsubscribe link in the e-mail's HTML and text.
const UnsubscribePlaceholder = "{{unsubscribe_url}}"

// letter is one send's e-mail as the hooks rendered it; only the unsubscribe link
// differs between recipients.
type letter struct {
	FromName    string
	FromAddress string
	Subject     string
	HTML        string
	Text        string
	// UnsubscribeBase is the unsubscribe page's URL without the token.
	UnsubscribeBase string
}

// compose writes the RFC 5322 message for one recipient: multipart/alternative (plain
// text, then HTML) in quoted-printable UTF-8, with the unsubscribe headers of RFC 2369
// and RFC 8058 (one-click: the URL takes a POST and needs no page).
func (l letter) compose(to, token, messageID string, now time.Time) []byte {
	link := l.UnsubscribeBase + token
	var out bytes.Buffer
	boundary := randomHex(16)
	header := func(name, value string) {
		fmt.Fprintf(&out, "%s: %s\r\n", name, value)
	}
	header("From", (&mail.Address{Name: l.FromName, Address: l.FromAddress}).String())
	header("To", (&mail.Address{Address: to}).String())
	header("Subject", mime.QEncoding.Encode("utf-8", l.Subject))
	header("Date", now.Format(time.RFC1123Z))
	header("Message-ID", fmt.Sprintf("<%s@%s>", messageID, domainOf(l.FromAddress)))
	header("MIME-Version", "1.0")
	header("List-Unsubscribe", "<"+link+">")
	header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	header("Content-Type", fmt.Sprintf("multipart/alternative; boundary=%q", boundary))
	out.WriteString("\r\n")
	part := func(contentType, body string) {
		fmt.Fprintf(&out, "--%s\r\nContent-Type: %s; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n",
			boundary, contentType)
		writer := quotedprintable.NewWriter(&out)
		_, _ = writer.Write([]byte(body))
		_ = writer.Close()
		out.WriteString("\r\n")
	}
	part("text/plain", strings.ReplaceAll(l.Text, UnsubscribePlaceholder, link))
	part("text/html", strings.ReplaceAll(l.HTML, UnsubscribePlaceholder, html.EscapeString(link)))
	fmt.Fprintf(&out, "--%s--\r\n", boundary)
	return out.Bytes()
}

func domainOf(address string) string {
	if at := strings.LastIndexByte(address, '@'); at >= 0 && at < len(address)-1 {
		return address[at+1:]
	}
	return "localhost"
}

func randomHex(n int) string {
	buf := make([]byte, n)
	_, _ = rand.Read(buf)
	return hex.EncodeToString(buf)
}
