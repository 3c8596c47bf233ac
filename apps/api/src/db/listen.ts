import pg from "pg";

export type ChannelListener = { close(): Promise<void> };

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * LISTENs on a PostgreSQL channel over a connection of its own, reconnecting with a growing delay when it is
 * lost. `onState(true)` once listening, `onState(false)` as soon as the connection fails: notifications sent
 * meanwhile are lost, so a listener that caches must stop trusting its cache until it listens again.
 */
export function listenToChannel(options: {
  url: string;
  channel: string;
  /** Called with the notification's payload ('' when it has none). */
  onNotification: (payload: string) => void;
  onState: (listening: boolean) => void;
}): ChannelListener {
  const { url, channel, onNotification, onState } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    const connection = new pg.Client({ connectionString: url });
    client = connection;
    connection.on("notification", (message) => {
      if (message.channel === channel) onNotification(message.payload ?? "");
    });
    const lost = () => {
      if (client !== connection) return;
      client = undefined;
      onState(false);
      void connection.end().catch(() => undefined);
      retry();
    };
    connection.on("error", lost);
    connection.on("end", lost);
    try {
      await connection.connect();
      await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) {
        await connection.end();
        return;
      }
      retryMs = RETRY_MIN_MS;
      onState(true);
    } catch {
      lost();
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const connection = client;
      client = undefined;
      onState(false);
      await connection?.end().catch(() => undefined);
    },
  };
}
