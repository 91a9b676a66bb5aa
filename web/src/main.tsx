import { render } from "preact";
import { App } from "./app";
import "./styles.css";
import { applyPrefs, cachedPrefs } from "./lib/prefs";

// This browser's copy of the settings before the first paint (the theme without a flash).
applyPrefs(cachedPrefs());

render(<App />, document.getElementById("app")!);
