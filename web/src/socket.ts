// One WebSocket to `cardroom serve` at /ws, reopened with backoff when it closes. Whoever owns the
// connection learns of each (re)open through `onOpen`, since after a reconnect the server knows
// nothing of this tab: the owner must ask for the lobby again and resume its table.
import type { ClientMsg, ServerMsg } from "./protocol";

export type ConnectionStatus = "connecting" | "open" | "closed";

export class Connection {
  private ws: WebSocket | null = null;
  private retries = 0;
  private timer: number | undefined;

  constructor(
    private readonly url: string,
    private readonly onMessage: (msg: ServerMsg) => void,
    private readonly onOpen: () => void,
    private readonly onStatus: (status: ConnectionStatus, retryInMs?: number) => void,
  ) {}

  /** The socket address for the page's own origin: ws: or wss: like the page. */
  static pageUrl(): string {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws`;
  }

  open(): void {
    this.onStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      this.onStatus("open");
      this.onOpen();
    };
    ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data !== "string") return;
      let msg: ServerMsg;
      try {
        msg = JSON.parse(e.data) as ServerMsg;
      } catch {
        return; // not ours to fix: the protocol says every frame is one JSON object
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.scheduleReconnect();
    };
    // An error is always followed by close, which does the reconnecting.
    ws.onerror = () => {};
  }

  /** Sends a message; false when the socket is not open (the caller may tell the user). */
  send(msg: ClientMsg): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  get isOpen(): boolean {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  // Exponential backoff with jitter, capped at 15 s: a restarted server is not hit by every tab at
  // the same instant, and a long outage costs one attempt every quarter minute.
  private scheduleReconnect(): void {
    const base = Math.min(15000, 500 * 2 ** this.retries);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    this.retries++;
    this.onStatus("closed", delay);
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.open(), delay);
  }
}
