package newsletter

// How a failed delivery is written down: in full for admins, in pt-BR for every editor.

import (
	"errors"
	"fmt"
	"net"
	"net/textproto"
	"os"
)

// describe is the failure as it happened (error_detail, which only admins read:
// pb_hooks/lib/newsletter/send.js): a dial error names the server's address.
func describe(err error) string {
	message := err.Error()
	if len(message) > 300 {
		message = message[:300]
	}
	return message
}

// summary is the failure as every editor reads it (error): what went wrong in pt-BR,
// never the server's address nor its words, which describe keeps.
func summary(err error) string {
	var reply *textproto.Error
	isReply := errors.As(err, &reply)
	var auth authFailure
	var timeout net.Error
	var op *net.OpError
	switch {
	case isReply && errors.As(err, &auth):
		return fmt.Sprintf("O servidor de e-mail recusou a autenticação (código %d). Confira o usuário e a senha em Configurações › Integrações.", reply.Code)
	case isReply && reply.Code >= 500:
		return fmt.Sprintf("O servidor de e-mail recusou a mensagem ou o destinatário (código %d).", reply.Code)
	case isReply && reply.Code >= 400:
		return fmt.Sprintf("O servidor de e-mail recusou a mensagem temporariamente (código %d).", reply.Code)
	case errors.Is(err, os.ErrDeadlineExceeded) || (errors.As(err, &timeout) && timeout.Timeout()):
		return "O servidor de e-mail não respondeu a tempo."
	case errors.As(err, &op) && op.Op == "dial":
		return "Não foi possível conectar ao servidor de e-mail. Confira o servidor e a porta em Configurações › Integrações."
	}
	return "O envio falhou por um erro inesperado. Um administrador pode ver o detalhe em Envios."
}
