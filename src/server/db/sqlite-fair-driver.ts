// Kysely's SQLite driver hands its one connection over with a mutex that wakes every waiter on each
// release (they all await one promise and race for the next): with 200 requests queued, each query
// costs 200 wake-ups, all in microtasks, so the event loop does not turn for hundreds of ms and
// some requests wait seconds (bench:load). This driver queues for the connection first, in arrival
// order, handing it to exactly one waiter; every so many hand-overs in a row it lets the event loop
// turn (setImmediate), so sockets are read and answers flushed while a backlog drains.
import { SqliteDialect, type SqliteDialectConfig, SqliteDriver, type DatabaseConnection, type Driver } from "kysely";

/** Hand-overs in a row before the next one waits for the event loop. */
const HANDOVERS_PER_TURN = 64;

export class FifoMutex {
  private locked = false;
  private readonly waiters: (() => void)[] = [];
  private handovers = 0;

  lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  unlock(): void {
    const next = this.waiters.shift();
    if (!next) {
      this.locked = false;
      this.handovers = 0;
      return;
    }
    if (++this.handovers % HANDOVERS_PER_TURN === 0) setImmediate(next);
    else next();
  }
}

class FairSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly queue: FifoMutex,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.lock();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.queue.unlock();
  }
}

/**
 * `queue` is the connection's turn: whoever holds it (a query, a transaction, or the WAL catch-up
 * of sqlite-checkpointer.ts, which needs the connection idle) has the connection to itself.
 */
export class FairSqliteDialect extends SqliteDialect {
  private readonly driverConfig: SqliteDialectConfig;

  constructor(
    config: SqliteDialectConfig,
    private readonly queue: FifoMutex = new FifoMutex(),
  ) {
    super(config);
    this.driverConfig = config;
  }

  override createDriver(): Driver {
    return new FairSqliteDriver(this.driverConfig, this.queue);
  }
}
