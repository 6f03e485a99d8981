// The app's pages: which levels are solved, started, open or locked (kept in this browser
// only), and the way on to the next level after a solve. The boards themselves are the
// <itsutsu-board> element of board.js.
import "./board.js";

const BLOCK = 16;

function store() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// Solves of one level set: level -> "s" (solved), "h" (solved with help that still opens the
// next block) or "x" (solved with explosions off, which does not).
export function solvedOf(key) {
  const s = store();
  if (!s) return {};
  try {
    const value = JSON.parse(s.getItem(`itsutsu:solved:${key}`) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function recordSolve(key, level, helped) {
  const s = store();
  if (!s) return;
  const solved = solvedOf(key);
  const mark = helped === "explosions-off" ? "x" : helped ? "h" : "s";
  if (solved[level] !== "s") solved[level] = mark;
  try {
    s.setItem(`itsutsu:solved:${key}`, JSON.stringify(solved));
  } catch {
    /* full: the solve is not kept */
  }
}

// How many levels are open: the first block, and each next block once every level of the
// block before is solved (a solve with explosions off does not count).
export function openLevels(count, solved) {
  const done = (n) => solved[n] === "s" || solved[n] === "h";
  let open = Math.min(BLOCK, count);
  while (open < count) {
    let all = true;
    for (let n = open - BLOCK + 1; n <= open; n++) if (!done(n)) all = false;
    if (!all) break;
    open = Math.min(open + BLOCK, count);
  }
  return open;
}

export function nextLevel(count, solved) {
  const open = openLevels(count, solved);
  for (let n = 1; n <= open; n++) if (!(n in solved)) return n;
  return open;
}

function markPicker(picker) {
  const key = picker.dataset.key;
  const count = Number(picker.dataset.count);
  const solved = solvedOf(key);
  const open = openLevels(count, solved);
  const s = store();
  for (const tile of picker.querySelectorAll(".tile")) {
    const n = Number(tile.dataset.level);
    const link = tile.querySelector("a");
    const label = link.getAttribute("aria-label").split(" · ")[0];
    let state;
    if (solved[n] === "s") state = "solved";
    else if (solved[n]) state = "helped";
    else if (n > open) state = "locked";
    else if (s && s.getItem(`itsutsu:game:${key}:${n}`)) state = "started";
    else state = "open";
    tile.dataset.state = state;
    const words = picker.dataset[`say${state[0].toUpperCase()}${state.slice(1)}`];
    link.setAttribute("aria-label", words ? `${label} · ${words}` : label);
    if (state === "locked") {
      link.setAttribute("aria-disabled", "true");
      link.setAttribute("tabindex", "-1");
    } else {
      link.removeAttribute("aria-disabled");
      link.removeAttribute("tabindex");
    }
  }
  picker.dataset.marked = "true";
}

function showOnward(board) {
  const key = board.dataset.key;
  const count = Number(board.dataset.count);
  const level = Number(board.getAttribute("level"));
  const solved = solvedOf(key);
  const link = document.querySelector(".onward .next");
  if (!link || !(level in solved)) return;
  const next = nextLevel(count, solved);
  if (next === level) return;
  const here = window.location.pathname.replace(/\/[^/]*$/, "");
  link.href = `${here}/${next}`;
  link.hidden = false;
}

function watchBoard(board) {
  const key = board.dataset.key;
  for (const puzzle of ["tsunagi", "suido"]) {
    board.addEventListener(`${puzzle}-solve`, (event) => {
      recordSolve(key, Number(board.getAttribute("level")), event.detail.helped || null);
      showOnward(board);
    });
  }
  showOnward(board);
}

for (const picker of document.querySelectorAll(".picker")) markPicker(picker);
for (const board of document.querySelectorAll("itsutsu-board[data-key]")) watchBoard(board);
window.addEventListener("pageshow", () => {
  for (const picker of document.querySelectorAll(".picker")) markPicker(picker);
});
