import { render } from "preact";
render(<p>muster</p>, document.getElementById("app")!);
