// A development page (not in the production bundle; `npx vite`, then /gallery.html): every
// board fixture of tests/fixtures/, with an animation replay, a preview and clicks.
// `?only=<name>` shows one fixture, `?speed=<n>` sets the speed, `?still=1` draws diagrams,
// `?flip=1` turns the boards, `?clickall=1` makes every cell clickable, `?ghost=<name>` starts that fixture with its preview shown.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { Scene } from "./wire/Scene";
import type { ViewStep } from "./wire/ViewStep";
import { Board } from "./board";
import type { Animation } from "./board";

interface Fixture {
  name: string;
  caption: string;
  from: Scene | null;
  steps: ViewStep[];
  scene: Scene;
}

const NAMES = [
  "mg-start",
  "mg-t4",
  "mg-catapult",
  "mg-dark-view",
  "mg-end",
  "mur-start",
  "mur-trap",
  "mur-withdraw",
  "mur-end",
  "mu-start",
  "mu-chain",
  "mu-chain-explode",
  "mu-middle",
  "mutou-hex-claim",
  "mutou-sown-setting",
  "mutou-sown-scribed",
];

const query = new URLSearchParams(location.search);
let keys = 0;

function Card(props: { fx: Fixture; speed: number; still: boolean; flip: boolean }) {
  const { fx, speed, still, flip } = props;
  const [animation, setAnimation] = useState<Animation | null>(null);
  const [skip, setSkip] = useState(0);
  const [ghost, setGhost] = useState(query.get("ghost") === fx.name);
  const [selected, setSelected] = useState<string[]>([]);
  const [log, setLog] = useState("");
  // `?clickall=1`: every cell clickable (to see the highlights of edges and vertices).
  const clickable = new Set(query.get("clickall") === "1" ? fx.scene.cells.map((c) => c.id) : fx.scene.targets);
  const replay = () => {
    if (!fx.from) return;
    const key = ++keys;
    setLog(`playing ${fx.steps.length} steps`);
    setAnimation({
      key,
      from: fx.from,
      steps: fx.steps,
      speed,
      onDone: () => setLog(`animation ${key} done`),
    });
  };
  // A preview: the position before the action, with the action's result as the ghost.
  const showGhost = ghost && fx.from !== null;
  return (
    <div class="card" data-fixture={fx.name}>
      <h2>{fx.name}</h2>
      <p>
        {fx.caption} — <i>{fx.scene.status}</i>
      </p>
      <Board
        scene={showGhost ? fx.from! : fx.scene}
        ghost={showGhost ? fx.scene : null}
        clickable={showGhost ? new Set() : clickable}
        selected={selected}
        onTarget={(id) => {
          setSelected([...selected, id]);
          setLog(`clicked ${id}`);
        }}
        onHover={(id) => setLog(id === null ? "hover: none" : `hover ${id}`)}
        animation={animation}
        skip={skip}
        still={still}
        flipped={flip}
      />
      <div class="tools">
        <button type="button" data-testid="replay" disabled={!fx.from} onClick={replay}>
          replay ({fx.steps.length} steps)
        </button>
        <button type="button" data-testid="skip" onClick={() => setSkip(skip + 1)}>
          skip
        </button>
        <label>
          <input type="checkbox" data-testid="ghost" checked={ghost} disabled={!fx.from} onChange={() => setGhost(!ghost)} /> preview
        </label>
        <button type="button" onClick={() => setSelected([])}>
          clear clicks
        </button>
      </div>
      <div class="log" data-testid="log">
        {log}
      </div>
      <div class="log">{fx.steps.map((s) => `${s.rule} [${s.targets.join(" ")}]`).join(" · ")}</div>
    </div>
  );
}

function Gallery() {
  const [fixtures, setFixtures] = useState<Fixture[]>([]);
  const [error, setError] = useState("");
  const [speed, setSpeed] = useState(Number(query.get("speed") ?? "1") || 1);
  const only = query.get("only");
  useEffect(() => {
    const names = only ? only.split(",") : NAMES;
    Promise.all(
      names.map((name) =>
        fetch(`/tests/fixtures/${name}.json`).then((r) => {
          if (!r.ok) throw new Error(`fixture ${name}: HTTP ${r.status}`);
          return r.json() as Promise<Fixture>;
        }),
      ),
    ).then(setFixtures, (e: unknown) => setError(String(e)));
  }, []);
  return (
    <>
      <h1>Board gallery</h1>
      <div class="bar">
        <label>
          speed{" "}
          <select value={String(speed)} onChange={(e) => setSpeed(Number((e.target as HTMLSelectElement).value))}>
            {[0.25, 0.5, 1, 2, 4].map((s) => (
              <option value={String(s)}>{s}×</option>
            ))}
          </select>
        </label>
        {error && <b>{error}</b>}
      </div>
      <div class="grid">
        {fixtures.map((fx) => (
          <Card key={fx.name} fx={fx} speed={speed} still={query.get("still") === "1"} flip={query.get("flip") === "1"} />
        ))}
      </div>
    </>
  );
}

render(<Gallery />, document.getElementById("gallery")!);
