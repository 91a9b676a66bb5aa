// The settings page: how the pages look (light or dark, the board's marks, coordinates) and
// how play feels (animation speed, confirming moves). Each change is stored with the account
// at once (`PUT /api/me/prefs`) and shows everywhere, in this tab and after a reload.
import { useState } from "preact/hooks";
import { HttpError } from "../lib/api";
import { usePrefs } from "../lib/prefs";
import { SpeedSelect } from "../game/SpeedSelect";
import { useSession } from "../lib/session";
import type { Prefs } from "../wire/Prefs";

type Saving = { state: "idle" } | { state: "saving" } | { state: "saved" } | { state: "failed"; why: string };

export function Settings() {
  const { prefs, change } = usePrefs();
  const { user } = useSession();
  const [saving, setSaving] = useState<Saving>({ state: "idle" });

  const set = async (patch: Partial<Prefs>) => {
    setSaving({ state: "saving" });
    try {
      await change(patch);
      setSaving({ state: "saved" });
    } catch (e) {
      setSaving({ state: "failed", why: e instanceof HttpError ? e.message : String(e) });
    }
  };

  return (
    <section class="card settings" data-testid="settings">
      <h1>Settings</h1>
      <p class="muted">
        {user?.guest
          ? "Kept with your guest account in this browser. Register to keep them on every device you sign in on."
          : "Kept with your account: they follow you to every browser you sign in on."}
      </p>

      <fieldset>
        <legend>Pages</legend>
        <Choice
          name="theme"
          label="Light or dark"
          value={prefs.theme}
          options={[
            ["system", "as the system says"],
            ["light", "light"],
            ["dark", "dark"],
          ]}
          onPick={(theme) => set({ theme })}
        />
      </fieldset>

      <fieldset>
        <legend>Board</legend>
        <Choice
          name="palette"
          label="Colours of the board's marks"
          value={prefs.palette}
          options={[
            ["standard", "standard"],
            ["colour-blind", "safe for colour blindness"],
          ]}
          onPick={(palette) => set({ palette })}
        />
        <p class="small muted">
          Targets, the chosen path, warnings and the last move. Pieces always carry their seat's letter, in colours every kind of colour vision
          tells apart.
        </p>
        <MarkSwatches />
        <label class="check">
          <input type="checkbox" checked={prefs.coords} data-testid="pref-coords" onChange={(e) => set({ coords: e.currentTarget.checked })} /> Show
          coordinates on the board
        </label>
      </fieldset>

      <fieldset>
        <legend>Play</legend>
        <label>
          Animation speed{" "}
          <SpeedSelect value={prefs.anim_speed} testid="pref-speed" onPick={(anim_speed) => set({ anim_speed })} />
        </label>
        <label class="check">
          <input type="checkbox" checked={prefs.confirm_moves} data-testid="pref-confirm" onChange={(e) => set({ confirm_moves: e.currentTarget.checked })} />{" "}
          Ask before a move is sent
        </label>
        <p class="small muted">A game's page changes these two for you as well: what you pick there is kept here.</p>
      </fieldset>

      <p role="status" data-testid="settings-status" class={saving.state === "failed" ? "error" : "muted"}>
        {saving.state === "saving" && "Saving…"}
        {saving.state === "saved" && "Saved."}
        {saving.state === "failed" && `Not saved: ${saving.why}`}
      </p>
    </section>
  );
}

/** A group of radio buttons for one setting. */
function Choice<T extends string>({ name, label, value, options, onPick }: { name: string; label: string; value: T; options: [T, string][]; onPick(v: T): void }) {
  return (
    <div role="radiogroup" aria-label={label} class="choice" data-testid={`pref-${name}`}>
      <span class="choice-label">{label}</span>
      {options.map(([v, words]) => (
        <label key={v} class="check">
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onPick(v)} /> {words}
        </label>
      ))}
    </div>
  );
}

/** The board's marks in the palette now chosen, each with its name. */
function MarkSwatches() {
  const marks: [string, string][] = [
    ["target", "a place you may click"],
    ["selected", "your path so far"],
    ["alert", "a warning (hot cell, trapped piece)"],
    ["changed", "what a move would change"],
    ["last", "the last move"],
  ];
  return (
    <ul class="mark-swatches" aria-label="The board's marks">
      {marks.map(([k, words]) => (
        <li key={k}>
          <span class={`mark-swatch mark-${k}`} aria-hidden="true" /> {words}
        </li>
      ))}
    </ul>
  );
}
