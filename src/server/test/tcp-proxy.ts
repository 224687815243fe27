/**
 * A TCP proxy for fault tests, put between the app and PostgreSQL. Two ways for the database to
 * "go away":
 * - `cut()`: open connections are destroyed and new ones refused, as when the server stops (the
 *   app sees a reset at once);
 * - `blackhole()`: every connection, open or new, stays open but its bytes are dropped silently in
 *   both directions, as behind a hung pooler or a NAT that lost its state (the app sees nothing:
 *   no reset, no answer).
 * `restore()` forwards new connections again. Connections that were blackholed stay silent for
 * good, as a flow whose state a NAT has dropped never comes back: only a new connection works.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections accepted so far (each one the app opened through the proxy). */
  readonly accepted: number;
  cut(): Promise<void>;
  blackhole(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface Flow {
  sockets: net.Socket[];
  silent: boolean;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const flows = new Set<Flow>();
  let server: net.Server | null = null;
  let port = 0;
  let accepted = 0;
  let silentMode = false;

  /** Bytes from `from` go to `to` while the flow is not silent; a close travels the same way. */
  const forward = (flow: Flow, from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (!flow.silent) to.write(chunk);
    });
    from.on('close', () => {
      if (!flow.silent) to.destroy();
    });
  };

  const track = (flow: Flow, socket: net.Socket) => {
    flow.sockets.push(socket);
    socket.on('error', () => {});
  };

  const accept = (client: net.Socket) => {
    accepted += 1;
    const flow: Flow = { sockets: [], silent: silentMode };
    flows.add(flow);
    track(flow, client);
    if (flow.silent) {
      // The bytes go nowhere; the socket stays open until the app gives up on it.
      client.on('data', () => {});
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    track(flow, upstream);
    forward(flow, client, upstream);
    forward(flow, upstream, client);
  };

  const listen = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      server = net.createServer(accept);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const flow of flows) for (const socket of flow.sockets) socket.destroy();
      flows.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });

  await listen();
  return {
    get port() {
      return port;
    },
    get accepted() {
      return accepted;
    },
    cut: stop,
    async blackhole() {
      silentMode = true;
      for (const flow of flows) flow.silent = true;
      await listen();
    },
    async restore() {
      silentMode = false;
      await listen();
    },
    close: stop,
  };
}
