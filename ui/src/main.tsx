import { createRoot } from "react-dom/client";
import { css } from "../styled-system/css";

function Placeholder() {
  return <main className={css({ p: "8", fontFamily: "sans-serif" })}>Multi100</main>;
}

createRoot(document.getElementById("root")!).render(<Placeholder />);
