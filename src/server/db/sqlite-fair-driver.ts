// Kysely's SQLite driver wakes every waiter on each release of its connection, which starves the event loop under
// a queue; this one hands it to one waiter in arrival order and lets the loop turn every HANDOVERS_PER_TURN.
import { SqliteDialect, type SqliteDialectConfig, SqliteDriver, type DatabaseConnection, type Driver } from "kysely";

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

/** Told when the connection is given back (nothing of it is left uncommitted) and when a transaction rolls back. */
export interface ConnectionEvents {
  released(): void;
  rolledBack(): void;
}

class FairSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly queue: FifoMutex,
    private readonly events?: ConnectionEvents,
  ) {
    super(config);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.events?.rolledBack();
    await super.rollbackTransaction(connection);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.lock();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.events?.released();
    this.queue.unlock();
  }
}

// Whoever holds `queue` (a query, a transaction, the checkpointer's catch-up) has the connection to itself.
export class FairSqliteDialect extends SqliteDialect {
  private readonly driverConfig: SqliteDialectConfig;

  constructor(
    config: SqliteDialectConfig,
    private readonly queue: FifoMutex = new FifoMutex(),
    private readonly events?: ConnectionEvents,
  ) {
    super(config);
    this.driverConfig = config;
  }

  override createDriver(): Driver {
    return new FairSqliteDriver(this.driverConfig, this.queue, this.events);
  }
}
