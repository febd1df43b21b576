/**
 * A POST that declares a body it never sends whole: its headers (with the
 * Content-Length) and the body's first bytes only. A server that refuses by the
 * declared length answers at once; sending the whole body instead races the server's
 * close, and the client may see only the reset. A server waiting for the body never
 * answers: after 5 s the answer is whatever came (nothing).
 */
import net from 'node:net';

/** @returns the raw answer, up to the start of its JSON body */
export function postDeclaredBody(
  serverUrl: string,
  path: string,
  { length, start, headers = {} }: { length: number; start: string; headers?: Record<string, string> },
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(new URL(serverUrl).port), '127.0.0.1');
    let received = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received);
    };
    const timer = setTimeout(done, 5000);
    socket.on('data', (chunk) => {
      received += chunk;
      if (received.includes('\r\n\r\n{')) done();
    });
    socket.on('error', reject);
    const lines = Object.entries({ 'Content-Type': 'application/json', ...headers }).map(
      ([name, value]) => `${name}: ${value}\r\n`,
    );
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\n${lines.join('')}Content-Length: ${length}\r\n\r\n${start}`);
  });
}
