/**
 * Another build's client in front of the same server (bench/load --baseline-dist): its own files (the .br copy where
 * the browser takes brotli, as the server sends them), index.html for a page, and everything else — the API and the
 * socket — passed through to the server, so both builds load against one backend and one simulator.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { WS_PATH } from '../../common/protocol.ts';
import { isApiPath } from '../../server/http/client.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The client file a GET asks for, or null when it is not one (the API, a socket). */
function clientFile(clientDir: string, path: string, accept = ''): string | null {
  if (path === WS_PATH || path === '/health' || isApiPath(path)) return null;
  const file = normalize(join(clientDir, path));
  if (file.startsWith(clientDir) && extname(file) && existsSync(file)) return file;
  return extname(path) || !accept.includes('text/html') ? null : join(clientDir, 'index.html');
}

/** Serves `clientDir` on `port` of the loopback and passes the rest to `upstream` (http://127.0.0.1:N). */
export function startFront(port: number, clientDir: string, upstream: string): Promise<Server> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const file = req.method === 'GET' ? clientFile(clientDir, path, req.headers.accept) : null;
    if (file) {
      const brotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) && existsSync(`${file}.br`);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(brotli ? { 'content-encoding': 'br' } : {}),
      });
      res.end(readFileSync(brotli ? `${file}.br` : file));
      return;
    }
    const forward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  // The socket: the upgrade request as it came, then bytes both ways.
  server.on('upgrade', (req, socket, head) => {
    const upstreamSocket = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstreamSocket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstreamSocket.write(head);
      upstreamSocket.pipe(socket);
      socket.pipe(upstreamSocket);
    });
    const close = () => {
      upstreamSocket.destroy();
      socket.destroy();
    };
    upstreamSocket.on('error', close);
    socket.on('error', close);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
