// The side of the game page: the seats, the player's controls (resign, offers, takeback,
// abort), the switches of play (confirm moves, try moves, animation speed), and the tabs of
// moves, events and chat.
import { useState } from "preact/hooks";
import { socket } from "../lib/socket";
import { usePrefs } from "../lib/prefs";
import { SpeedSelect } from "./SpeedSelect";
import { SeatPanels, MoveList, EventLog, ChatBox } from "./Panels";
import type { GameState } from "./state";
import type { MoveInput } from "./useMoveInput";
import type { Prefs } from "../wire/Prefs";

export interface GameSideProps {
  g: string;
  s: GameState;
  /** The seat this player holds, if any. */
  mine: number | null;
  input: MoveInput;
}

export function GameSide({ g, s, mine, input }: GameSideProps) {
  const [tab, setTab] = useState<"moves" | "events" | "chat">("moves");
  const seated = mine !== null;
  const running = s.full.status === "running" || s.full.status === "filling";
  const over = s.full.status === "over" || s.full.status === "aborted";
  return (
    <aside class="side-col">
      <SeatPanels s={s} mine={mine} />
      {seated && running && <Controls s={s} input={input} />}
      <PlaySwitches input={input} canTry={seated && !over} />
      {input.sandbox !== null && (
        <div class="sandbox banner" data-testid="sandbox">
          Trying: {input.sandbox.length === 0 ? <span class="muted">click or type moves; nothing is played</span> : input.sandbox.join(", ")}{" "}
          {input.sandbox.length > 0 && (
            <button class="link" onClick={input.tryAgain}>
              start again
            </button>
          )}
        </div>
      )}
      <div class="tabs" role="tablist">
        {(["moves", "events", "chat"] as const).map((t) => (
          <button key={t} role="tab" aria-selected={tab === t} class={tab === t ? "on" : ""} data-testid={`tab-${t}`} onClick={() => setTab(t)}>
            {t}
          </button>
        ))}
      </div>
      {tab === "moves" && <MoveList s={s} />}
      {tab === "events" && <EventLog s={s} />}
      {tab === "chat" && (
        <ChatBox
          s={s}
          seated={seated}
          say={(room, text) => {
            // A line too long to send is refused by the socket (and said); the box keeps it.
            const id = socket().newId();
            if (!socket().send({ t: "say", d: { room, text, id } })) throw { reason: "the message is too long to send" };
            return id;
          }}
        />
      )}
      <p class="small">
        <a href={`/api/games/${g}/record`} target="_blank" rel="noopener">
          Record
        </a>
        {over && (
          <>
            {" · "}
            <a href={`/replay/${g}`}>Replay</a>
          </>
        )}
      </p>
    </aside>
  );
}

/** What a seated player of a running game may ask for besides a move. */
function Controls({ s, input }: { s: GameState; input: MoveInput }) {
  const { control } = input;
  return (
    <div class="controls row wrap" data-testid="controls">
      <button onClick={() => confirm("Resign this game?") && control("resign")} data-testid="resign">
        Resign
      </button>
      {s.full.set_resignation && <button onClick={() => confirm("Resign this set? Play goes on with the next set.") && control("resign-set")}>Resign set</button>}
      {s.full.draw_offers && (
        <button data-testid="draw-offer" onClick={() => control("draw-offer")}>
          Offer draw
        </button>
      )}
      <button data-testid="back-offer" onClick={() => control("back-offer")}>
        Takeback
      </button>
      <button data-testid="abort" onClick={() => control("abort")}>
        Abort
      </button>
    </div>
  );
}

/** Confirm moves and the animation speed (the user's settings, kept with the account), and trying moves. */
function PlaySwitches({ input, canTry }: { input: MoveInput; canTry: boolean }) {
  const { prefs, change } = usePrefs();
  const save = (patch: Partial<Prefs>) => change(patch).catch((e: Error) => input.setError(`the setting was not saved: ${e.message}`));
  return (
    <div class="prefs row wrap small">
      <label class="check">
        <input type="checkbox" checked={prefs.confirm_moves} data-testid="confirm-toggle" onChange={(e) => save({ confirm_moves: e.currentTarget.checked })} /> confirm
        moves
      </label>
      {canTry && (
        <label class="check">
          <input type="checkbox" checked={input.sandbox !== null} data-testid="sandbox-toggle" onChange={(e) => input.trying(e.currentTarget.checked)} /> try
          moves
        </label>
      )}
      <label>
        animation{" "}
        <SpeedSelect value={prefs.anim_speed} testid="speed" onPick={(anim_speed) => save({ anim_speed })} />
      </label>
    </div>
  );
}
