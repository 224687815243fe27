/**
 * The event stream (GET /api/sse/notifications) read the way a browser's EventSource reads it: a
 * plain HTTP GET on a real listening server, the body collected as it arrives.
 */
import http from 'node:http';

export interface StreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far (for a refused stream: its JSON answer). */
  text: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  /** Resolves once the server has ended the answer (or the connection closed). */
  ended: Promise<void>;
  close: () => void;
}

/** `localAddress` picks the client's address on the loopback (127.0.0.2 is another client). */
export function openStream(port: number, options: { localAddress?: string } = {}): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/sse/notifications',
        headers: { accept: 'text/event-stream' },
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => {
        let buffer = '';
        const waiters: Array<() => void> = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          for (const waiter of waiters.splice(0)) waiter();
        });
        const ended = new Promise<void>((done) => response.once('close', done));
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: () => buffer,
          waitFor: (pattern, timeoutMs = 2000) =>
            new Promise((done, fail) => {
              const timer = setTimeout(
                () => fail(new Error(`no ${pattern} within ${timeoutMs} ms; got ${JSON.stringify(buffer)}`)),
                timeoutMs,
              );
              const check = () => {
                if (pattern.test(buffer)) {
                  clearTimeout(timer);
                  done();
                } else waiters.push(check);
              };
              check();
            }),
          ended,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
