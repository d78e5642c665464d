export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export interface Logger {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** JSON-lines logger on stdout; one line per event so a VPS's journal can be grepped. */
export function createLogger(level: LogLevel, bindings: Record<string, unknown> = {}, sink: (line: string) => void = (l) => console.log(l)): Logger {
  const write = (lvl: LogLevel, msg: string, data?: Record<string, unknown>) => {
    if (order[lvl] < order[level]) return;
    sink(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...bindings, ...data }));
  };
  return {
    debug: (m, d) => write("debug", m, d),
    info: (m, d) => write("info", m, d),
    warn: (m, d) => write("warn", m, d),
    error: (m, d) => write("error", m, d),
    child: (b) => createLogger(level, { ...bindings, ...b }, sink),
  };
}
