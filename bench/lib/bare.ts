/**
 * The yardstick: a bare node:http server answering fixed bytes with fixed headers, the most a
 * Node process on this machine can serve. A route's req/s divided by this is the figure to watch.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startBareServer(
  body: Buffer,
  headers: Record<string, string>,
  status = 200,
): Promise<{ url: string; stop(): Promise<void> }> {
  const fixed = { ...headers, 'content-length': String(body.length) };
  const server = http.createServer((_request, response) => {
    response.writeHead(status, fixed);
    response.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
