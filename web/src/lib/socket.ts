// The one WebSocket of this tab: reconnects by itself, re-follows every game from the version
// it holds, and resends writes not yet acknowledged (the server acknowledges a resent decision
// again without playing it twice, docs/protocol.md §3).
import type { ClientMsg } from "../wire/ClientMsg";
import type { ServerMsg } from "../wire/ServerMsg";
import type { Ack } from "../wire/Ack";
import type { Nack } from "../wire/Nack";

export type Status = "connecting" | "open" | "closed";

/** What a game page gives the socket: its handler and the version it holds (for `sub{v}`). */
export interface Follower {
  onMessage(msg: ServerMsg): void;
  version(): number | null;
}

interface Pending {
  frame: ClientMsg;
  resolve(ack: Ack): void;
  reject(nack: Nack): void;
}

type GameFrames = Extract<ServerMsg, { d: { g: string } }>;

function gameOf(msg: ServerMsg): string | null {
  const d = (msg as GameFrames).d as { g?: string };
  return typeof d?.g === "string" ? d.g : null;
}

export class Socket {
  status: Status = "connecting";
  /** Times the socket has been (re)opened. */
  opens = 0;
  private ws: WebSocket | null = null;
  private followers = new Map<string, Set<Follower>>();
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private lobbyOn = 0;
  private retry = 0;
  private statusListeners = new Set<(s: Status) => void>();
  private others = new Set<(m: ServerMsg) => void>();
  private timer: number | undefined;

  constructor(private readonly url: string) {
    this.connect();
  }

  private connect() {
    this.setStatus("connecting");
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.opens += 1;
      this.setStatus("open");
      for (const [g, set] of this.followers) {
        const v = [...set].map((f) => f.version()).find((x) => x !== null) ?? null;
        this.raw({ t: "sub", d: v === null ? { g } : { g, v } });
      }
      if (this.lobbyOn > 0) this.raw({ t: "lobby", d: { on: true } });
      // Writes not yet acknowledged go again, in the order they were made.
      for (const p of this.pending.values()) this.raw(p.frame);
    };
    ws.onmessage = (ev) => {
      let msg: ServerMsg;
      try {
        msg = JSON.parse(String(ev.data)) as ServerMsg;
      } catch {
        console.warn("muster: a frame that is not JSON was ignored");
        return;
      }
      this.dispatch(msg);
    };
    ws.onclose = () => {
      if (this.ws === ws) {
        this.ws = null;
        this.setStatus("closed");
        this.scheduleReconnect();
      }
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  private scheduleReconnect() {
    window.clearTimeout(this.timer);
    const wait = Math.min(5000, 300 * 2 ** this.retry);
    this.retry += 1;
    this.timer = window.setTimeout(() => this.connect(), wait);
  }

  private setStatus(s: Status) {
    this.status = s;
    for (const l of this.statusListeners) l(s);
  }

  onStatus(l: (s: Status) => void): () => void {
    this.statusListeners.add(l);
    return () => this.statusListeners.delete(l);
  }

  /** Frames not about one game (lobby, notify, chat of the lobby). */
  onOther(l: (m: ServerMsg) => void): () => void {
    this.others.add(l);
    return () => this.others.delete(l);
  }

  private dispatch(msg: ServerMsg) {
    if (msg.t === "ack") {
      const p = this.pending.get(msg.d.id);
      if (p) {
        this.pending.delete(msg.d.id);
        p.resolve(msg.d);
      }
      return;
    }
    if (msg.t === "nack") {
      const id = msg.d.id;
      if (id !== undefined && id !== null) {
        const p = this.pending.get(id);
        if (p) {
          this.pending.delete(id);
          p.reject(msg.d);
          return;
        }
      }
      console.info(`muster: refused (${msg.d.code}): ${msg.d.reason}`);
      return;
    }
    if (msg.t === "resync") {
      const g = msg.d.g;
      for (const [game] of this.followers) if (!g || g === game) this.raw({ t: "sub", d: { g: game } });
      return;
    }
    const g = gameOf(msg);
    const set = g !== null ? this.followers.get(g) : undefined;
    if (set && msg.t !== "chat") {
      for (const f of set) f.onMessage(msg);
      return;
    }
    if (msg.t === "chat") {
      const room = msg.d.room;
      for (const [game, fs] of this.followers) if (room.startsWith(`g:${game}:`)) for (const f of fs) f.onMessage(msg);
    }
    for (const l of this.others) l(msg);
  }

  private raw(frame: ClientMsg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  /** Follows game `g`; the follower gets its frames until the returned function is called. */
  follow(g: string, f: Follower): () => void {
    let set = this.followers.get(g);
    const first = !set;
    if (!set) {
      set = new Set();
      this.followers.set(g, set);
    }
    set.add(f);
    if (first) this.raw({ t: "sub", d: { g } });
    return () => {
      set!.delete(f);
      if (set!.size === 0) {
        this.followers.delete(g);
        this.raw({ t: "unsub", d: { g } });
      }
    };
  }

  /** Asks again from version `v` (a gap) or for a `full` (`v` null). */
  resub(g: string, v: number | null) {
    this.raw({ t: "sub", d: v === null ? { g } : { g, v } });
  }

  followLobby(): () => void {
    this.lobbyOn += 1;
    if (this.lobbyOn === 1) this.raw({ t: "lobby", d: { on: true } });
    return () => {
      this.lobbyOn -= 1;
      if (this.lobbyOn === 0) this.raw({ t: "lobby", d: { on: false } });
    };
  }

  /** Sends a write that the server acknowledges; kept and resent until it is answered. */
  write(make: (id: number) => ClientMsg): Promise<Ack> {
    const id = this.nextId++;
    const frame = make(id);
    return new Promise<Ack>((resolve, reject) => {
      this.pending.set(id, { frame, resolve, reject });
      this.raw(frame);
    });
  }

  /** Sends a frame that needs no acknowledgement (legal, preview, ping). */
  send(frame: ClientMsg) {
    this.raw(frame);
  }

  newId(): number {
    return this.nextId++;
  }

  /** Writes still waiting for their answer. */
  pendingCount(): number {
    return this.pending.size;
  }
}

let shared: Socket | null = null;

/** The tab's socket, opened on first use. */
export function socket(): Socket {
  if (!shared) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    shared = new Socket(`${proto}//${location.host}/ws`);
  }
  return shared;
}
