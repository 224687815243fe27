/**
 * How the server's log reads (decision 096). JSON lines by default (production, tests, log
 * collectors); with LOG_FORMAT=pretty (the default under NODE_ENV=development) pino's pretty printer
 * writes one readable line per entry. Either way a request is one short line when its answer has
 * gone: `GET /api/server/get_products 200 4ms`, never Fastify's two lines per request.
 */
/** Where log lines go (pino's destination stream). */
export interface LogStream {
  write(line: string): void;
}

/** Fields every request line carries for JSON readers; the pretty printer leaves them out. */
const REQUEST_FIELDS = ['reqId', 'req', 'res', 'responseTime'];

/**
 * pino-pretty's formatter as the logger's stream. Each entry is written at once (no worker
 * thread, no stream pipeline), so what main.ts prints after the last log line (the start-up
 * block) comes after it. Loaded only when asked for.
 */
export async function prettyLogStream(output: NodeJS.WritableStream = process.stdout): Promise<LogStream> {
  const pretty = (await import('pino-pretty')).default;
  const format = pretty.prettyFactory({
    colorize: 'isTTY' in output && output.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: ['pid', 'hostname', ...REQUEST_FIELDS].join(','),
  });
  return { write: (line) => void output.write(format(line)) };
}

/** Files the browser fetches by the dozen per page: logged at debug when they are served. */
const STATIC_FILE =
  /^\/(?:assets|images)\/|\.(?:js|css|map|svg|png|jpe?g|webp|avif|gif|ico|woff2?|txt|xml|webmanifest)$/i;

/** The level of a request's line: a served static file is debug, everything else info. */
export function requestLogLevel(path: string, status: number): 'debug' | 'info' {
  return status < 400 && STATIC_FILE.test(path) ? 'debug' : 'info';
}

/** `GET /path 200 12ms`: `url` must already be redacted (redactUrl in app.ts). */
export function requestLogLine(method: string, url: string, status: number, elapsedMs: number): string {
  return `${method} ${url} ${status} ${Math.round(elapsedMs)}ms`;
}
