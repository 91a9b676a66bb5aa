// HTTP to the server: the session token, JSON bodies, and errors that say what went wrong.
import type { ApiError } from "../wire/ApiError";
import type { SessionResponse } from "../wire/SessionResponse";
import type { UserInfo } from "../wire/UserInfo";

const TOKEN_KEY = "muster.token";

/** The session token, kept in this browser for requests that cannot use the cookie. */
export function token(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function keepToken(t: string | undefined | null) {
  try {
    if (t) localStorage.setItem(TOKEN_KEY, t);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* private mode: the cookie still carries the session */
  }
}

/** An answer of the server that is not a success, with its code and reason. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    reason: string,
  ) {
    super(reason);
  }
}

async function request<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const h: Record<string, string> = { Accept: "application/json", ...headers };
  const t = token();
  if (t) h.Authorization = `Bearer ${t}`;
  if (body !== undefined) h["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
  } catch (e) {
    throw new HttpError(0, "network", `the server cannot be reached (${String(e)})`);
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!res.ok) {
    let err: ApiError | null = null;
    try {
      err = JSON.parse(text) as ApiError;
    } catch {
      /* not JSON */
    }
    throw new HttpError(res.status, err?.code ?? "http", err?.reason ?? `${res.status} ${res.statusText}`);
  }
  const type = res.headers.get("Content-Type") ?? "";
  return (type.includes("json") ? JSON.parse(text) : text) as T;
}

export const get = <T>(path: string) => request<T>("GET", path);
export const post = <T>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>("POST", path, body ?? {}, headers);
export const del = <T>(path: string) => request<T>("DELETE", path);
export const put = <T>(path: string, body: unknown) => request<T>("PUT", path, body);

/** Who is signed in: the session this browser holds, or a new guest session. */
export async function ensureSession(): Promise<UserInfo> {
  // A browser that never held a session asks for a guest at once: probing with
  // `GET /api/session` would answer 401, which the browser logs as a console error.
  if (token() === null) {
    const fresh = await post<SessionResponse>("/api/session", { kind: "guest" });
    keepToken(fresh.token);
    return fresh.user;
  }
  try {
    const me = await get<SessionResponse>("/api/session");
    return me.user;
  } catch (e) {
    if (!(e instanceof HttpError) || e.status !== 401) throw e;
  }
  const fresh = await post<SessionResponse>("/api/session", { kind: "guest" });
  keepToken(fresh.token);
  return fresh.user;
}

export async function signIn(kind: "login" | "register", name: string, password: string): Promise<UserInfo> {
  const res = await post<SessionResponse>("/api/session", { kind, name, password });
  keepToken(res.token);
  return res.user;
}

/** Forgets the session token after the server ended the session (it is never sent again). */
export function forgetToken() {
  keepToken(null);
}

/**
 * Why the session no longer holds (the reason of `GET /api/session`'s 401), or null when it
 * still does or the server cannot tell now.
 */
export async function sessionEnded(): Promise<string | null> {
  try {
    await get<SessionResponse>("/api/session");
    return null;
  } catch (e) {
    return e instanceof HttpError && e.status === 401 ? e.message : null;
  }
}

export async function signOut(): Promise<void> {
  await del<void>("/api/session");
  keepToken(null);
}

/** A new random key for a write that may be repeated (Idempotency-Key). */
export function newKey(): string {
  const a = new Uint8Array(16);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The rules' catalog as the lobby reads it (`GET /api/catalog`, `games`). */
export interface CatalogOption {
  key: string;
  domain: { kind: "choices"; choices: string[] } | { kind: "integer"; min: number; max: number; off: string | null; unit: string };
  default: string;
  summary: string;
  status: string;
}
export interface CatalogGame {
  info: {
    id: string;
    name: string;
    designer: string;
    min_seats: number;
    max_seats: number;
    default_seats: number;
    rules_version: number;
    has_chance: boolean;
    has_hidden_information: boolean;
  };
  presets: { name: string; summary: string; values: { key: string; value: string }[] }[];
  options: CatalogOption[];
}
