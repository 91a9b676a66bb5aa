// The choice of animation speed (one of the speeds the server's settings accept), as the
// settings page and the game page both offer it.
import { ANIM_SPEEDS } from "../lib/prefs";

export function SpeedSelect({ value, testid, onPick }: { value: number; testid: string; onPick(speed: number): void }) {
  return (
    <select value={String(value)} data-testid={testid} onChange={(e) => onPick(Number(e.currentTarget.value))}>
      {ANIM_SPEEDS.map((x) => (
        <option key={x} value={String(x)}>
          {x}×
        </option>
      ))}
    </select>
  );
}
