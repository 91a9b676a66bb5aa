// Who is signed in, shared by every page.
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { UserInfo } from "../wire/UserInfo";

export interface SessionCtx {
  user: UserInfo | null;
  setUser(u: UserInfo | null): void;
}

export const Session = createContext<SessionCtx>({ user: null, setUser: () => {} });

export function useSession(): SessionCtx {
  return useContext(Session);
}

/** Display names of the four games, by id. */
export const GAME_NAMES: Record<string, string> = {
  "murus-gallicus": "Murus Gallicus",
  mur: "Mur",
  mu: "Mu",
  mutou: "MuTou",
};

export function gameName(id: string): string {
  return GAME_NAMES[id] ?? id;
}
