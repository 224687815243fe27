/**
 * How long the shop waits on PostgreSQL (decision 100). A database that goes silent without a
 * reset (a hung pooler, a NAT that dropped its state) must cost a request a few seconds and a
 * 503, never a hang, and the shop must heal by itself once the database answers again.
 * The defaults are the environment variables' defaults (config.ts); 0 turns a limit off.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one when the pool is busy (DATABASE_CONNECT_TIMEOUT_MS). */
  connectMs: number;
  /**
   * The client's own limit on one query: with no answer by then the query fails and its
   * connection is destroyed, never handed out again (DATABASE_QUERY_TIMEOUT_MS).
   */
  queryMs: number;
  /** The server's statement_timeout: a statement running longer is cancelled there (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementMs: number;
  /** The server's idle_in_transaction_session_timeout: a session left in an open transaction is ended (DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS). */
  idleInTransactionMs: number;
  /** A pooled connection unused this long is closed (DATABASE_IDLE_TIMEOUT_MS). */
  idleMs: number;
  /** TCP keepalive probes start after this much silence on a connection (DATABASE_KEEPALIVE_DELAY_MS). */
  keepAliveDelayMs: number;
  /**
   * The LISTEN connection is checked with `select 1` this often, and one that has not answered
   * by the next check is taken as dead and re-opened (DATABASE_LISTEN_HEARTBEAT_MS).
   */
  listenHeartbeatMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  queryMs: 15_000,
  statementMs: 10_000,
  idleInTransactionMs: 30_000,
  idleMs: 10_000,
  keepAliveDelayMs: 10_000,
  listenHeartbeatMs: 10_000,
};
