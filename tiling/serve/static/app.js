// The explorer page: the grid editor, the live answers, the views, the exports.
//
// Every answer comes from the server (the library); this script only edits the
// region, asks, and draws what comes back.  A view is one entry of VIEWS: the
// question it asks and how it turns the answer into layers (dominoes, marked
// cells, dots, a path) and words.  A new view is a button with data-view="name"
// and one entry there.

import { ApiError, Lane, getInfo, getPreset } from "./api.js";
import { CanvasPainter, POSITION_CELL, SvgPainter, THEME, cornerFontSize, fit, positionFontSize, render, renderScale, shufflingClass, signed } from "./draw.js";
import { Grid, segment } from "./grid.js";
import { FlipTiling, HeightMap, level } from "./heights.js";
import { ProbabilityMap } from "./probabilities.js";

// Counts predicted to take longer than this are not started as the region changes.
const LIVE_SECONDS = 3;
const LIVE_TIME_LIMIT = 30;

const $ = (id) => document.getElementById(id);

const state = {
  info: null,
  grid: new Grid(10, 10),
  region: null, // the `region` answer for the grid as it is
  count: null, // the `count` answer
  view: null, // what is drawn over the region: {title, layers...}
  tiling: null, // the dominoes last shown, for "Colour it" and the export
  anim: null, // {frames, index, timer}
  live: new Lane(() => setBusy()),
  action: new Lane(() => setBusy()),
  pendingLive: null, // timer of the next live question
  geometry: { s: 20, ox: 0, oy: 0 },
};

// ------------------------------------------------------------------ numbers
export function groupDigits(text) {
  const head = text.length % 3 || 3;
  const parts = [text.slice(0, head)];
  for (let i = head; i < text.length; i += 3) parts.push(text.slice(i, i + 3));
  return parts.join(",");
}

// "2.113 × 10^1253" from the decimal string of a positive integer, rounded to 4 digits.
export function scientific(text) {
  let lead = Math.round(Number(text.slice(0, 5).padEnd(5, "0")) / 10);
  let exponent = text.length - 1;
  if (lead >= 10000) {
    lead = 1000;
    exponent += 1;
  }
  const mantissa = `${String(lead)[0]}.${String(lead).slice(1)}`;
  return `${mantissa} × 10<sup>${exponent}</sup>`;
}

const plural = (n, word, many = `${word}s`) => `${n.toLocaleString("en")} ${n === 1 ? word : many}`;

function seconds(t) {
  if (t === null || t === undefined) return "";
  if (t < 0.001) return "under a millisecond";
  if (t < 1) return `${Math.round(t * 1000)} ms`;
  if (t < 120) return `${t.toFixed(t < 10 ? 2 : 1)} s`;
  return `${Math.round(t / 60)} min`;
}

// ------------------------------------------------------------------ messages
function showError(err, context = "") {
  if (!err || err.name === "AbortError" || err.kind === "cancelled") return;
  console.error(err);
  $("error-text").textContent = `${context}${err.message || String(err)}`;
  $("error").hidden = false;
}

function clearError() {
  $("error").hidden = true;
}

function setBusy() {
  const busy = Boolean(state.live.job || state.action.job || state.pendingLive);
  document.body.dataset.busy = busy ? "1" : "0";
}

// ------------------------------------------------------------------ drawing
const canvas = $("canvas");

function gridBox() {
  return [0, 0, state.grid.rows, state.grid.cols];
}

function draw() {
  const rect = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(rect.width * dpr)), h = Math.max(1, Math.round(rect.height * dpr));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, rect.width, rect.height);
  state.geometry = fit(gridBox(), rect.width, rect.height);
  render(new CanvasPainter(ctx), { grid: state.grid, box: gridBox(), ...state.geometry, view: state.view });
}

let drawQueued = false;
function redraw() {
  if (drawQueued) return;
  drawQueued = true;
  requestAnimationFrame(() => {
    drawQueued = false;
    draw();
  });
}

new ResizeObserver(redraw).observe($("paper"));

// ------------------------------------------------------------------ editing
let stroke = null; // {value, last: [r, c], changed}

function cellAt(event) {
  const rect = canvas.getBoundingClientRect();
  const { s, ox, oy } = state.geometry;
  const x = event.clientX - rect.left, y = event.clientY - rect.top;
  return [Math.floor((y - oy) / s), Math.floor((x - ox) / s)];
}

canvas.addEventListener("pointerdown", (event) => {
  if (event.button !== 0) return;
  const [r, c] = cellAt(event);
  if (!state.grid.inside(r, c)) return;
  event.preventDefault();
  canvas.setPointerCapture(event.pointerId);
  state.grid.remember();
  stroke = { value: !state.grid.has(r, c), last: [r, c], changed: false };
  paint(r, c);
});

canvas.addEventListener("pointermove", (event) => {
  const [r, c] = cellAt(event);
  showHover(r, c);
  if (!stroke) return;
  const [lr, lc] = stroke.last;
  if (lr === r && lc === c) return;
  for (const [rr, cc] of segment(lr, lc, r, c)) paint(rr, cc);
  stroke.last = [r, c];
});

function endStroke() {
  if (!stroke) return;
  if (!stroke.changed) state.grid.forget();
  stroke = null;
}
canvas.addEventListener("pointerup", endStroke);
canvas.addEventListener("pointercancel", endStroke);
canvas.addEventListener("pointerleave", () => showHover(-1, -1));

function paint(r, c) {
  if (state.grid.set(r, c, stroke.value)) {
    if (!stroke.changed) markCustom();
    stroke.changed = true;
    regionChanged();
  }
}

function showHover(r, c) {
  const hint = $("hint");
  if (state.grid.inside(r, c)) {
    const map = state.view && state.view.probabilities;
    const chance = map && state.grid.has(r, c) ? map.describeCell(r, c) : null;
    const what = chance || (state.grid.has(r, c) ? `a cell of colour ${(r + c) % 2} (${(r + c) % 2 ? "dark" : "light"})` : "empty");
    hint.textContent = `row ${r}, column ${c}: ${what}`;
  } else {
    hint.textContent = "Click or drag on the paper to add cells; start on a cell to remove them.";
  }
}

// Every change of the region: answers about the old one are dropped.
function regionChanged() {
  state.live.cancel();
  state.action.cancel();
  state.region = null;
  state.count = null;
  stopAnimation();
  state.anim = null;
  setView(null);
  state.tiling = null;
  $("rows").value = state.grid.rows;
  $("cols").value = state.grid.cols;
  updateControls();
  redraw();
  scheduleLive();
}

// A whole-grid change, undoable as one step.  Only a preset keeps its name.
function edit(change, { preset = false } = {}) {
  state.grid.remember();
  const before = state.grid.key();
  change();
  if (state.grid.key() === before) {
    state.grid.forget();
    return;
  }
  if (!preset) markCustom();
  regionChanged();
}

function markCustom() {
  $("preset").value = "";
  $("order-box").hidden = true;
  $("load-preset").disabled = true;
}

function checkSize(rows, cols) {
  const max = state.info ? state.info.limits.max_cells : Infinity;
  if (!(rows >= 1 && cols >= 1)) throw new ApiError("bad-size", "the paper needs at least one row and one column", 0);
  if (rows * cols > max) {
    throw new ApiError(
      "too-large",
      `${rows.toLocaleString("en")} × ${cols.toLocaleString("en")} squares is over this server's limit of ${max.toLocaleString("en")} (tiling serve --max-cells N raises it)`,
      0,
    );
  }
}

function resizeFromInputs() {
  const rows = Math.floor(Number($("rows").value)), cols = Math.floor(Number($("cols").value));
  try {
    checkSize(rows, cols);
  } catch (err) {
    showError(err);
    $("rows").value = state.grid.rows;
    $("cols").value = state.grid.cols;
    return;
  }
  clearError();
  edit(() => state.grid.resize(rows, cols));
}

$("rows").addEventListener("change", resizeFromInputs);
$("cols").addEventListener("change", resizeFromInputs);
$("trim").addEventListener("click", () => edit(() => state.grid.trim(1)));
$("clear").addEventListener("click", () => edit(() => state.grid.fillAll(false)));
$("fill").addEventListener("click", () => edit(() => state.grid.fillAll(true)));
$("undo").addEventListener("click", () => state.grid.undo() && (markCustom(), regionChanged()));
$("redo").addEventListener("click", () => state.grid.redo() && (markCustom(), regionChanged()));

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, textarea, select")) return;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.key.toLowerCase() === "z") {
    event.preventDefault();
    if (event.shiftKey ? state.grid.redo() : state.grid.undo()) {
      markCustom();
      regionChanged();
    }
  } else if (mod && event.key.toLowerCase() === "y") {
    event.preventDefault();
    if (state.grid.redo()) {
      markCustom();
      regionChanged();
    }
  } else if (event.key === "Escape") {
    cancelAction();
  }
});

// ------------------------------------------------------------------ presets and pasting
async function loadPreset() {
  const name = $("preset").value;
  const preset = state.info.presets.find((p) => p.name === name);
  if (!preset) return;
  const n = preset.takes_order ? $("order").value : undefined;
  try {
    const answer = await getPreset(name, n);
    clearError();
    edit(() => state.grid.load(answer.region, 1), { preset: true });
  } catch (err) {
    showError(err);
  }
}

$("preset").addEventListener("change", () => {
  const preset = state.info.presets.find((p) => p.name === $("preset").value);
  $("order-box").hidden = !(preset && preset.takes_order);
  $("load-preset").disabled = !preset;
  loadPreset();
});
$("order").addEventListener("change", loadPreset);
$("load-preset").addEventListener("click", loadPreset);

const dialog = $("paste-dialog");
$("paste").addEventListener("click", () => {
  $("paste-error").hidden = true;
  $("paste-text").value = state.region ? state.region.ascii : "";
  dialog.showModal();
  $("paste-text").focus();
});

$("paste-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (file) $("paste-text").value = await file.text();
});

$("paste-load").addEventListener("click", async (event) => {
  event.preventDefault();
  const text = $("paste-text").value;
  // The server reads the picture, so its errors name the line and column.
  try {
    const job = state.action.start("region", { region: text }, { timeLimit: LIVE_TIME_LIMIT });
    const answer = await job.result;
    state.action.done(job);
    const rows = answer.box[2] - answer.box[0] + 2, cols = answer.box[3] - answer.box[1] + 2;
    checkSize(rows, cols);
    dialog.close();
    clearError();
    edit(() => state.grid.load(answer.ascii, 1));
  } catch (err) {
    state.action.cancel();
    if (err.name === "AbortError") return;
    $("paste-error").textContent = err.message;
    $("paste-error").hidden = false;
  } finally {
    setBusy();
  }
});

// ------------------------------------------------------------------ live answers
function scheduleLive() {
  clearTimeout(state.pendingLive);
  state.pendingLive = setTimeout(() => {
    state.pendingLive = null;
    askLive();
  }, 180);
  setBusy();
}

async function askLive() {
  if (state.grid.count() === 0) {
    $("summary").textContent = "No cells yet: draw some on the paper, or load a preset.";
    $("balance").innerHTML = "";
    showCount(null);
    updateControls();
    setBusy();
    return;
  }
  const region = state.grid.toAscii();
  const job = state.live.start("region", { region }, { timeLimit: LIVE_TIME_LIMIT });
  setBusy();
  try {
    const answer = await job.result;
    if (!state.live.isCurrent(job)) return;
    state.live.done(job);
    state.region = answer;
    showRegion(answer);
    updateControls();
    const estimate = answer.estimates.count;
    if (estimate !== null && estimate <= LIVE_SECONDS) await askCount(LIVE_TIME_LIMIT);
    else showCount({ estimate, method: answer.methods.count });
  } catch (err) {
    if (state.live.isCurrent(job)) state.live.done(job);
    showError(err);
    if (err.name !== "AbortError") showCount(null);
  } finally {
    setBusy();
  }
}

async function askCount(timeLimit) {
  const job = state.live.start("count", { region: state.grid.toAscii() }, { timeLimit });
  showCount({ pending: job });
  setBusy();
  try {
    const answer = await job.result;
    if (!state.live.isCurrent(job)) return;
    state.count = answer;
    showCount(answer);
  } catch (err) {
    if (!state.live.isCurrent(job)) return;
    showCount({ failed: err });
    showError(err);
  } finally {
    state.live.done(job);
    setBusy();
  }
}

function showRegion(r) {
  const parts = [plural(r.cells, "cell")];
  parts.push(plural(r.components, "piece"));
  parts.push(r.holes ? plural(r.holes, "hole") : "no holes");
  if (r.aztec_order) parts.push(`the Aztec diamond of order ${r.aztec_order}`);
  $("summary").textContent = parts.join(" · ");
  const [light, dark] = r.colors;
  const words = `${light.toLocaleString("en")} light, ${dark.toLocaleString("en")} dark`;
  let verdict;
  if (r.balance === 0) verdict = '<span class="good">balanced</span>';
  else {
    const more = r.balance > 0 ? "light" : "dark";
    verdict = `<span class="bad">${Math.abs(r.balance).toLocaleString("en")} more ${more}: no tiling</span>`;
  }
  $("balance").innerHTML = `Colours: ${words}, ${verdict}`;
}

function showCount(c) {
  const box = $("count"), detail = $("count-detail"), note = $("count-note");
  box.className = "count";
  note.textContent = "";
  detail.innerHTML = "";
  if (!c) {
    box.classList.add("pending");
    box.textContent = "–";
    return;
  }
  if (c.pending) {
    box.classList.add("pending");
    box.textContent = "counting…";
    const job = c.pending;
    const tick = setInterval(() => {
      if (!state.live.isCurrent(job)) return clearInterval(tick);
      const t = (performance.now() - job.started) / 1000;
      if (t >= 1) box.textContent = `counting… ${t.toFixed(0)} s`;
    }, 500);
    const cancel = document.createElement("button");
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => {
      state.live.cancel();
      showCount({ cancelled: true });
      setBusy();
    });
    detail.append(cancel);
    return;
  }
  if (c.cancelled || c.failed) {
    box.classList.add("pending");
    box.textContent = c.cancelled ? "not counted (cancelled)" : "not counted";
    detail.append(countButton());
    return;
  }
  if (c.estimate !== undefined) {
    box.classList.add("pending");
    box.textContent = "not counted yet";
    const about = c.estimate === null ? "a very long time" : `about ${seconds(c.estimate)}`;
    detail.append(`Counting would take ${about} (${c.method}). `, countButton());
    return;
  }
  const text = c.count;
  box.dataset.count = text;
  if (text === "0") {
    box.classList.add("zero");
    box.textContent = "0";
    detail.append("The region has no tiling. ");
    const why = document.createElement("button");
    why.textContent = "Why?";
    why.addEventListener("click", () => runView("proof"));
    detail.append(why);
  } else {
    if (text.length > 16) box.classList.add("long");
    // a line may break after any comma (<wbr> is not copied with the digits)
    box.innerHTML = groupDigits(text).replaceAll(",", ",<wbr>");
    const span = document.createElement("span");
    span.textContent = `counted by ${c.method} in ${seconds(c.seconds)} `;
    detail.append(span);
    if (text.length > 12) {
      const copy = document.createElement("button");
      copy.textContent = "Copy";
      copy.title = "copy the digits, without commas";
      copy.addEventListener("click", () => navigator.clipboard.writeText(text).then(() => (copy.textContent = "Copied")));
      detail.append(copy);
    }
  }
  if (text.length > 12) note.innerHTML = `${plural(text.length, "digit")}, ${scientific(text)}`;
}

function countButton() {
  const b = document.createElement("button");
  b.textContent = "Count now";
  b.addEventListener("click", () => askCount(undefined));
  return b;
}

// ------------------------------------------------------------------ views
// How each sampler draws (the `method` of the sample answer).
const SAMPLERS = {
  dp: "the transfer-matrix DP, sampling backwards through the exact counts",
  cftp: "coupling from the past (monotone chains on height functions, run until they meet)",
  shuffling: "domino shuffling",
};

// What the random-tiling button says while it runs: the method auto picks, and how
// long it usually takes when that is more than a moment.
function sampleVerb() {
  const r = state.region;
  if (!r) return "drawing a random tiling";
  const method = r.methods.sample, estimate = r.estimates.sample;
  const rough = estimate < 120 ? `${Math.round(estimate)} s` : seconds(estimate);
  const about = estimate === null ? "" : estimate >= 1 ? `, usually about ${rough}` : "";
  return `drawing a random tiling (${method === "cftp" ? "coupling from the past" : method}${about})`;
}

// The default fills: the four shuffling classes (N, S, W, E), which show the
// brick walls and, in an Aztec diamond, the frozen corners and the arctic circle.
function classFills(dominoes, anchorCell) {
  const colors = state.info.orientation_colors;
  let anchor = anchorCell;
  if (!anchor) {
    // the first covered cell in row-major order
    anchor = [Infinity, Infinity];
    for (const d of dominoes) if (d[0] < anchor[0] || (d[0] === anchor[0] && d[1] < anchor[1])) anchor = [d[0], d[1]];
  }
  const parity = (anchor[0] + anchor[1]) % 2;
  return dominoes.map((d) => colors[shufflingClass(d, parity)]);
}

function firstCell() {
  const g = state.grid;
  for (let r = 0; r < g.rows; r++) for (let c = 0; c < g.cols; c++) if (g.has(r, c)) return [r, c];
  return null;
}

const CLASS_WORDS =
  "Colours: horizontal dominoes are N or S, vertical ones W or E, by the colour of their left or top cell (the classes of domino shuffling).";

// The classes that occur, in the order N, S, W, E.
function classLegend(fills) {
  const c = state.info.orientation_colors;
  const used = new Set(fills);
  return ["N", "S", "W", "E"].filter((k) => used.has(c[k])).map((k) => ({ fill: c[k], text: k }));
}

// A small set S is ringed too, so that it shows on a large region.
const RING_AT_MOST = 12;

function proofLayers(proof) {
  const rings = proof.cells.length <= RING_AT_MOST ? proof.cells : [];
  if (proof.kind === "parity") return { marks: [{ cells: proof.cells, fill: THEME.highlight }], rings };
  return {
    marks: [
      { cells: proof.cells, fill: THEME.highlight, label: "S" },
      { cells: proof.neighbors, fill: THEME.neighbor, label: "N" },
    ],
    rings,
  };
}

function proofLegend(proof) {
  if (proof.kind === "parity") return [{ fill: THEME.highlight, text: `an odd piece: ${plural(proof.cells.length, "cell")}` }];
  const what = proof.kind === "color" ? "cells of the majority colour" : "S";
  return [
    { fill: THEME.highlight, text: `${what}: ${proof.cells.length.toLocaleString("en")}` },
    { fill: THEME.neighbor, text: `${proof.kind === "color" ? "of the other colour" : "N(S), their neighbours"}: ${proof.neighbors.length.toLocaleString("en")}` },
  ];
}

const KIND_WORDS = { parity: "an odd piece", color: "the colours do not balance", hall: "Hall's condition fails" };

function noTilingView(proof) {
  return {
    title: `No tiling: ${KIND_WORDS[proof.kind]}`,
    text: proof.explanation + (proof.verified ? " (Checked independently.)" : ""),
    legend: proofLegend(proof),
    proof,
    ...proofLayers(proof),
  };
}

function tilingView(title, answer, extra = {}) {
  const fills = classFills(answer.dominoes, firstCell());
  state.tiling = { dominoes: answer.dominoes, kind: extra.kind || "tiling", uncovered: extra.dots };
  // the classes are Tiling.shuffling_classes(): to_tikz(colors="orientation") draws the same
  return { title, dominoes: answer.dominoes, fills, scheme: "orientation", legend: classLegend(fills), ...extra };
}

// The dominoes of the perfect tiling on show, if there is one.
function perfectTiling() {
  const t = state.tiling;
  return t && !(t.uncovered && t.uncovered.length) ? t.dominoes : null;
}

function scaleLegend(map, caption) {
  return [{ gradient: state.info.height_colors, low: level(map.lo), high: level(map.hi), text: caption }];
}

const HEIGHT_WORDS =
  "Along a cell side with a light cell on your left the height rises by 1, with a dark one it falls by 1, and across the middle of a domino it changes by 3 the other way; it is 0 at the region's first corner.";

function heightsView(a, source) {
  const map = new HeightMap(a, (r, c) => state.grid.has(r, c));
  state.tiling = { dominoes: a.dominoes, kind: state.tiling && perfectTiling() ? state.tiling.kind : "tiling" };
  const notes = [];
  const up = a.flips_up, down = a.flips_down;
  const klass = a.holes.length ? " of its flux class" : "";
  if (up === 0 && down === 0) notes.push(`No flip is possible: this is the only tiling${klass}.`);
  else notes.push(`${plural(down, "flip")} above the least tiling${klass} and ${plural(up, "flip")} below the greatest (a flip turns two dominoes filling a 2 × 2 block and moves the height at its centre by 4).`);
  if (a.holes.length) {
    const shown = a.holes.slice(0, 8).map((h) => `row ${h.cell[0]}, column ${h.cell[1]}: ${signed(h.flux)}`);
    const more = a.holes.length > 8 ? `; and ${a.holes.length - 8} more` : "";
    notes.push(`Flux, the height of each hole's border (at its ringed corner), which no flip changes: ${shown.join("; ")}${more}.`);
  }
  if (a.slits.length) notes.push("The height winds around holes whose two colours do not balance: it jumps across the dashed slits above them.");
  return {
    title: `Height function: ${signed(a.low)} to ${signed(a.high)}`,
    text: `Thurston's height function of ${source} (${seconds(a.seconds)}). ${HEIGHT_WORDS} Colours: the mean of each cell's four corners; the heights themselves are written at the corners when the cells are large enough.`,
    notes,
    dominoes: a.dominoes,
    heat: map.layer(state.info.height_colors),
    heights: a,
    legend: scaleLegend(map, "mean height of each cell's corners"),
  };
}

// Flipping a tiling up to the greatest tiling (or down to the least) of its
// class, along a shortest path: frames of a few flips each, the colour scale
// fixed over the whole path.
function flipAnimation(start, a) {
  const inRegion = (r, c) => state.grid.has(r, c);
  const delta = a.to === "max" ? 4 : -4;
  const total = a.flips.length;
  const end = new HeightMap(start, inRegion);
  for (const [r, c] of a.flips) end.flip(r, c, delta);
  const [lo0, hi0] = new HeightMap(start, inRegion).meanRange(), [lo1, hi1] = end.meanRange();
  let map, tiling, applied;
  const reset = () => {
    map = new HeightMap(start, inRegion);
    map.setScale(Math.min(lo0, lo1), Math.max(hi0, hi1));
    tiling = new FlipTiling(start.dominoes, state.grid.cols);
    applied = 0;
  };
  reset();
  const per = Math.max(1, Math.ceil(total / 240));
  const frames = [];
  for (let n = 0; n < total; n += per) frames.push({ n });
  frames.push({ n: total });
  const towards = a.to === "max" ? "greatest" : "least";
  for (const f of frames) {
    f.caption =
      f.n === total
        ? `Done: ${plural(total, "flip")}, the ${towards} tiling${start.holes.length ? " of this flux class" : ""}.`
        : `${plural(f.n, "flip")} of ${total.toLocaleString("en")}: each moves the height at its block's centre by ${delta > 0 ? "+4" : "−4"}.`;
  }
  const key = (d) => d.join(",");
  const target = new Set(a.target.map(key));
  const build = (f) => {
    if (f.n < applied) reset();
    while (applied < f.n) {
      const [r, c] = a.flips[applied++];
      tiling.flip(r, c);
      map.flip(r, c, delta);
    }
    const dominoes = tiling.dominoes();
    if (f.n === total) {
      // the server's target tiling, reached by the page's own flips
      if (dominoes.length !== target.size || !dominoes.every((d) => target.has(key(d)))) {
        showError(new ApiError("internal", `the flips did not end on the ${towards} tiling`, 0), "Flips: ");
      }
      state.tiling = { dominoes, kind: "tiling" };
      updateControls();
    }
    return { dominoes, heat: map.layer(state.info.height_colors) };
  };
  return {
    title: `Flipping ${a.to === "max" ? "up" : "down"} to the ${towards} tiling`,
    text: `${plural(total, "flip")}, a shortest path (tiling.heights.flip_path): the fewest flips between two tilings are a quarter of the sum of their height differences. ${HEIGHT_WORDS}`,
    dominoes: start.dominoes,
    heat: map.layer(state.info.height_colors),
    legend: scaleLegend(map, "mean height of each cell's corners"),
    frames,
    build,
  };
}

// Regions of at most this many cells get exact probabilities (fractions, shown
// on the positions and under the pointer); larger ones get floats only.
const EXACT_CELLS = 200;

const PROBABILITY_WORDS =
  "Colours: the probability that the domino covering a cell is vertical, from orange (always horizontal) through pale (either way alike) to purple (always vertical).";

const CLASS_MIX_WORDS =
  "Colours: each cell mixes the colours of the four classes of domino shuffling (horizontal N or S, vertical W or E, as in the tilings drawn here) in proportion to their probabilities, so a frozen area has the colour of its dominoes.";

// The colour map of the probabilities, by `mode`: "vertical" (one scale) or "classes".
function probabilityColoring(map, mode) {
  if (mode === "classes") {
    const first = firstCell();
    const parity = first ? (first[0] + first[1]) % 2 : 0;
    const colors = state.info.orientation_colors;
    return {
      heat: map.classLayer(colors, parity),
      words: CLASS_MIX_WORDS,
      legend: ["N", "S", "W", "E"].map((k) => ({ fill: colors[k], text: k })),
    };
  }
  return {
    heat: map.layer(state.info.probability_colors),
    words: PROBABILITY_WORDS,
    legend: [{ gradient: state.info.probability_colors, low: "0", high: "1", text: "probability that the cell's domino is vertical" }],
  };
}

function probabilitiesView(a) {
  const map = new ProbabilityMap(a);
  const error = map.sumError();
  const notes = [];
  const exactly = a.fractions ? " (exact fractions: hover over a cell to read them)" : " (hover over a cell to read them)";
  notes.push(`Each cell's positions add up to 1, as one domino covers it: checked on the page to within ${error === 0 ? "rounding" : error.toExponential(1)}${exactly}.`);
  const order = state.region && state.region.aztec_order;
  if (order && order >= 8) notes.push("Outside the arctic circle the tiling is frozen: horizontal dominoes in the top and bottom corners, vertical ones left and right; inside it, both alike.");
  const bars = state.geometry.s >= POSITION_CELL;
  const numbers = positionFontSize(state.geometry.s) > 0;
  const more = bars ? ` Bars join the two cells of each position, wider the likelier${numbers ? ", with its probability written on it" : ""}.` : " Enlarge the window or use a smaller region to see each position's bar.";
  const mode = $("probability-mode").value;
  const coloring = probabilityColoring(map, mode);
  const head = `The chance of each domino position in a tiling drawn uniformly at random (tiling.probabilities, ${seconds(a.seconds)}).`;
  return {
    title: "Placement probabilities",
    text: `${head} ${coloring.words}${more}`,
    head,
    more,
    notes,
    heat: coloring.heat,
    legend: coloring.legend,
    probabilities: map,
    mode,
  };
}

// Another colouring of the probabilities on show, without asking again.
$("probability-mode").addEventListener("change", (event) => {
  const view = state.view;
  if (!view || !view.probabilities) return;
  const coloring = probabilityColoring(view.probabilities, event.target.value);
  Object.assign(view, { heat: coloring.heat, legend: coloring.legend, mode: event.target.value, text: `${view.head} ${coloring.words}${view.more}` });
  $("view-text").textContent = view.text;
  setLegend(view.legend);
  redraw();
});

const VIEWS = {
  tiling: {
    verb: "finding a tiling",
    async run(ask) {
      const a = await ask("find", {});
      if (!a.tileable) return noTilingView(a.proof);
      return tilingView("A tiling", a, { text: `${plural(a.dominoes.length, "domino", "dominoes")}, found by ${a.method} in ${seconds(a.seconds)}. ${CLASS_WORDS}` });
    },
  },
  proof: {
    verb: "looking for a proof",
    async run(ask) {
      const a = await ask("prove", {});
      if (a.tileable) {
        return {
          title: "This region can be tiled",
          text: "So there is no proof of impossibility. “A tiling” shows one; the count above says how many there are.",
        };
      }
      return noTilingView(a.proof);
    },
  },
  cover: {
    verb: "placing as many dominoes as possible",
    async run(ask) {
      const a = await ask("cover", {});
      const left = a.uncovered.length;
      const view = tilingView("The largest cover", a, {
        kind: "cover",
        dots: a.uncovered,
        bound: a.bound,
      });
      view.legend = [...view.legend, { fill: THEME.mark, dot: true, text: `uncovered: ${left.toLocaleString("en")}` }];
      const head = `${plural(a.dominoes.length, "domino", "dominoes")} cover ${a.covered.toLocaleString("en")} of ${plural(a.cells, "cell")} (${a.method}, ${seconds(a.seconds)}).`;
      view.text = left === 0 ? `${head} Every cell is covered: a perfect tiling.` : `${head} No placement covers more: ${a.bound.explanation}`;
      return view;
    },
  },
  sample: {
    verb: sampleVerb,
    async run(ask, options = {}) {
      const a = await ask("sample", { seed: options.seed ?? null });
      if (!a.tileable) return noTilingView(a.proof);
      $("seed").value = a.seed;
      return tilingView("A uniformly random tiling", a, {
        kind: "sample",
        seed: a.seed,
        method: a.method,
        text: `Seed ${a.seed}: every tiling was equally likely. Drawn by ${SAMPLERS[a.method] || a.method} (method "${a.method}") in ${seconds(a.seconds)}. Re-roll for another; the same seed gives the same tiling. ${CLASS_WORDS}`,
      });
    },
  },
  color: {
    verb: "colouring the dominoes",
    async run(ask) {
      let dominoes = state.tiling && state.tiling.dominoes;
      const uncovered = state.tiling ? state.tiling.uncovered : undefined;
      if (!dominoes) {
        const found = await ask("find", {});
        if (!found.tileable) return noTilingView(found.proof);
        dominoes = found.dominoes;
      }
      const a = await ask("color", { dominoes, k: 4 });
      const palette = state.info.palette;
      const used = new Set(a.colors).size;
      state.tiling = { dominoes: a.dominoes, kind: state.tiling ? state.tiling.kind : "tiling", uncovered };
      return {
        title: `Coloured with ${used} colours`,
        dots: uncovered,
        text: `Dominoes that share a side have different colours (${seconds(a.seconds)}). Four colours always suffice: the dominoes form a planar map.`,
        dominoes: a.dominoes,
        fills: a.colors.map((k) => palette[k % palette.length]),
        legend: [...new Set(a.colors)].sort().map((k) => ({ fill: palette[k % palette.length], text: `colour ${k + 1}` })),
      };
    },
  },
  heights: {
    verb: "computing the height function",
    async run(ask) {
      const shown = perfectTiling();
      const a = await ask("heights", shown ? { dominoes: shown } : {});
      if (!a.tileable) {
        const view = noTilingView(a.proof);
        view.title = `No tiling, so no height function: ${KIND_WORDS[a.proof.kind]}`;
        return view;
      }
      return heightsView(a, shown ? "the tiling shown" : `a tiling found by ${a.found_by}`);
    },
  },
  probabilities: {
    verb: "computing the placement probabilities",
    async run(ask) {
      const exact = state.grid.count() <= EXACT_CELLS;
      const a = await ask("probabilities", { exact });
      if (!a.tileable) {
        const view = noTilingView(a.proof);
        view.title = `No tiling, so no probabilities: ${KIND_WORDS[a.proof.kind]}`;
        return view;
      }
      return probabilitiesView(a);
    },
  },
  flips: {
    label: "Flips",
    verb: "finding a shortest path of flips",
    async run(ask, { to, start }) {
      const a = await ask("flips", { dominoes: start.dominoes, to });
      return flipAnimation(start, a);
    },
  },
  kuhn: {
    verb: "running Kuhn's algorithm",
    async run(ask) {
      const a = await ask("kuhn", {});
      return kuhnAnimation(a.steps);
    },
  },
  shuffle: {
    verb: "shuffling",
    async run(ask) {
      const a = await ask("shuffle", { seed: null });
      return shuffleAnimation(a);
    },
  },
};

function setView(view) {
  state.view = view;
  const box = $("view");
  $("bound-box").hidden = true;
  $("mode-box").hidden = !(view && view.probabilities);
  $("player").hidden = true;
  $("flip-box").hidden = true;
  $("seed-box").hidden = !(view && view.seed !== undefined);
  document.querySelectorAll("[data-view]").forEach((b) => b.classList.toggle("active", Boolean(view && b.dataset.view === view.name)));
  if (!view) {
    box.hidden = true;
    updateControls();
    return;
  }
  box.hidden = false;
  $("view-title").textContent = view.title;
  $("view-text").textContent = view.text || "";
  const notes = $("view-notes");
  notes.innerHTML = "";
  for (const note of view.notes || []) {
    const li = document.createElement("li");
    li.textContent = note;
    notes.append(li);
  }
  notes.hidden = !(view.notes && view.notes.length);
  showFlipButtons(view.heights);
  setLegend(view.legend || []);
  if (view.bound && view.bound.deficiency > 0) {
    $("bound-box").hidden = false;
    $("show-bound").checked = false;
  }
  if (view.frames) $("player").hidden = false;
  updateControls();
}

// "Flip down / up" under a height function: a shortest path of flips to the least
// or greatest tiling of the class, animated (when there are not too many).
function showFlipButtons(a) {
  $("flip-box").hidden = !a;
  if (!a) return;
  const limit = state.info.limits.flips;
  for (const [id, n, words] of [["flip-down", a.flips_down, "least"], ["flip-up", a.flips_up, "greatest"]]) {
    const button = $(id);
    button.disabled = n === 0 || n > limit;
    button.title =
      n === 0
        ? `this is the ${words} tiling: no flip leads further`
        : n > limit
          ? `${n.toLocaleString("en")} flips: the animation shows at most ${limit.toLocaleString("en")}`
          : `watch the ${plural(n, "flip")} to the ${words} tiling`;
  }
}

function cancelAction() {
  if (state.action.job) {
    state.action.cancel();
    showJob(null);
    setBusy();
  }
}

let jobTimer = null;
function showJob(job, verb) {
  clearInterval(jobTimer);
  if (!job) {
    $("job").hidden = true;
    return;
  }
  $("job").hidden = false;
  const tick = () => {
    const t = (performance.now() - job.started) / 1000;
    $("job-text").textContent = t < 0.5 ? `${verb}…` : `${verb}… ${t.toFixed(0)} s`;
  };
  tick();
  jobTimer = setInterval(tick, 500);
}
$("job-cancel").addEventListener("click", cancelAction);

async function runView(name, options) {
  if (state.grid.count() === 0) return;
  const spec = VIEWS[name];
  stopAnimation();
  clearError();
  const region = state.grid.toAscii();
  const key = state.grid.key();
  let current = null;
  // Each question of the view runs in the action lane; a newer click cancels it.
  const ask = async (question, body) => {
    current = state.action.start(question, { region, ...body });
    showJob(current, typeof spec.verb === "function" ? spec.verb() : spec.verb);
    setBusy();
    const answer = await current.result;
    if (!state.action.isCurrent(current) || state.grid.key() !== key) throw new DOMException("stale", "AbortError");
    return answer;
  };
  try {
    const view = await spec.run(ask, options);
    view.name = name;
    setView(view);
    if (view.frames) startAnimation(view);
    redraw();
  } catch (err) {
    const button = document.querySelector(`[data-view="${name}"]`);
    showError(err, `${spec.label || button.textContent}: `);
  } finally {
    if (current && state.action.isCurrent(current)) {
      state.action.done(current);
      showJob(null);
    }
    setBusy();
  }
}

document.querySelectorAll("[data-view]").forEach((button) => {
  button.addEventListener("click", () => runView(button.dataset.view));
});
$("reroll").addEventListener("click", () => runView("sample"));
$("flip-down").addEventListener("click", () => state.view && state.view.heights && runView("flips", { to: "min", start: state.view.heights }));
$("flip-up").addEventListener("click", () => state.view && state.view.heights && runView("flips", { to: "max", start: state.view.heights }));
$("replay").addEventListener("click", () => {
  const seed = Number($("seed").value);
  if (!Number.isInteger(seed) || seed < 0) {
    showError(new ApiError("bad-seed", "a seed is a whole number, 0 or more", 0));
    return;
  }
  runView("sample", { seed });
});
$("seed").addEventListener("keydown", (event) => {
  if (event.key === "Enter") $("replay").click();
});
$("show-bound").addEventListener("change", (event) => {
  const view = state.view;
  if (!view || !view.bound) return;
  if (event.target.checked) {
    Object.assign(view, proofLayers(view.bound), { outlineOnly: true });
    view.legendSaved = view.legend;
    setLegend([...proofLegend(view.bound), { fill: THEME.mark, dot: true, text: "uncovered" }]);
  } else {
    delete view.marks;
    delete view.rings;
    view.outlineOnly = false;
    setLegend(view.legendSaved || view.legend);
  }
  redraw();
});

function setLegend(items) {
  const legend = $("view-legend");
  legend.innerHTML = "";
  for (const item of items) {
    const span = document.createElement("span");
    if (item.gradient) {
      // a colour scale: low end, the colours, high end, and what they mean
      span.className = "scale";
      const stops = item.gradient.filter((_, i) => i % 16 === 0 || i === item.gradient.length - 1);
      const bar = document.createElement("i");
      bar.style.background = `linear-gradient(to right, ${stops.join(", ")})`;
      const caption = document.createElement("small");
      caption.textContent = item.text;
      span.append(item.low, bar, item.high, caption);
      legend.append(span);
      continue;
    }
    const swatch = document.createElement("i");
    swatch.style.background = item.fill;
    if (item.dot) swatch.className = "dot";
    span.append(swatch, item.text);
    legend.append(span);
  }
}

// ------------------------------------------------------------------ animations
// Kuhn: two frames per augmenting path (the path over the matching so far, then
// the matching with the path flipped), and the final matching.
function kuhnAnimation(steps) {
  const cols = state.grid.cols;
  const key = ([r, c]) => r * cols + c;
  const matchingAt = (k) => {
    const mate = new Map();
    for (let i = 0; i < k; i++) {
      const p = steps[i];
      for (let j = 0; j + 1 < p.length; j += 2) {
        mate.set(key(p[j]), p[j + 1]);
        mate.set(key(p[j + 1]), p[j]);
      }
    }
    const out = [];
    for (const [a, cell] of mate) {
      const b = key(cell);
      if (a < b) out.push([Math.floor(a / cols), a % cols, cell[0], cell[1]]);
    }
    return out;
  };
  const total = state.grid.count();
  const frames = [];
  steps.forEach((p, i) => {
    frames.push({ k: i, path: p, caption: `Path ${i + 1} of ${steps.length}: an alternating path from a free cell to a free cell (${p.length} cells).` });
    frames.push({ k: i + 1, fresh: p, caption: `Path ${i + 1} of ${steps.length} flipped: ${plural(i + 1, "domino", "dominoes")} now.` });
  });
  const left = total - 2 * steps.length;
  frames.push({
    k: steps.length,
    caption: left === 0 ? `Done: ${plural(steps.length, "domino", "dominoes")}, a perfect tiling.` : `Done: no augmenting path is left, so the matching is maximum (${plural(left, "cell")} uncovered).`,
  });
  const build = (f) => {
    const dominoes = matchingAt(f.k);
    let fills = null;
    if (f.fresh) {
      const fresh = new Set();
      for (let j = 0; j + 1 < f.fresh.length; j += 2) fresh.add(key(f.fresh[j]));
      fills = dominoes.map((d) => (fresh.has(d[0] * cols + d[1]) || fresh.has(d[2] * cols + d[3]) ? THEME.fresh : THEME.matched));
    }
    const view = { dominoes, fills: fills || dominoes.map(() => THEME.matched), path: f.path };
    if (f.k === steps.length && !f.path) {
      const covered = new Set();
      for (const d of dominoes) covered.add(d[0] * cols + d[1]).add(d[2] * cols + d[3]);
      view.dots = [];
      for (let r = 0; r < state.grid.rows; r++) for (let c = 0; c < cols; c++) if (state.grid.has(r, c) && !covered.has(r * cols + c)) view.dots.push([r, c]);
      state.tiling = { dominoes, kind: left ? "cover" : "tiling", uncovered: view.dots };
    }
    return view;
  };
  return {
    title: "Kuhn's algorithm",
    text: "Each step finds an augmenting path: it starts and ends at uncovered cells and alternates between free sides and dominoes. Flipping it places one more domino.",
    legend: [
      { fill: THEME.matched, text: "matched" },
      { fill: THEME.fresh, text: "just placed" },
      { fill: THEME.mark, dot: true, text: "path" },
    ],
    frames,
    build,
  };
}

function shuffleAnimation(a) {
  const frames = a.steps.map((dominoes, i) => ({
    dominoes,
    caption: `Order ${i + 1} of ${a.order}: ${plural(dominoes.length, "domino", "dominoes")}.`,
  }));
  const build = (f) => ({ dominoes: f.dominoes, fills: classFills(f.dominoes) });
  state.tiling = { dominoes: a.steps[a.steps.length - 1], kind: "sample" };
  return {
    title: "Domino shuffling",
    text: `Each step destroys the bad blocks, slides every domino one step in its direction and fills the empty 2 × 2 blocks at random: a uniformly random tiling of each order in turn (seed ${a.seed}, ${seconds(a.seconds)}). Four frozen corners grow, bounded by the arctic circle.`,
    legend: classLegend(Object.values(state.info.orientation_colors)),
    frames,
    build,
  };
}

function showFrame(i) {
  const anim = state.anim;
  if (!anim) return;
  anim.index = Math.max(0, Math.min(anim.frames.length - 1, i));
  const f = anim.frames[anim.index];
  const layers = anim.view.build(f);
  Object.assign(state.view, { fills: undefined, path: undefined, dots: undefined, ...layers });
  $("frame").value = anim.index;
  $("frame-text").textContent = f.caption;
  redraw();
}

function startAnimation(view) {
  state.anim = { view, frames: view.frames, index: 0, timer: null };
  // the slowest speed that shows the whole animation within half a minute
  const speeds = [...$("speed").options].map((o) => Number(o.value));
  const fit = speeds.find((fps) => view.frames.length / fps <= 30) ?? speeds[speeds.length - 1];
  $("speed").value = String(Math.max(fit, 4));
  $("frame").max = view.frames.length - 1;
  showFrame(0);
  play();
}

function play() {
  const anim = state.anim;
  if (!anim) return;
  if (anim.index >= anim.frames.length - 1) showFrame(0);
  clearInterval(anim.timer);
  setPlaying(true);
  anim.timer = setInterval(() => {
    if (anim.index >= anim.frames.length - 1) {
      stopAnimation();
      return;
    }
    showFrame(anim.index + 1);
  }, 1000 / Number($("speed").value));
}

function stopAnimation() {
  if (state.anim) clearInterval(state.anim.timer);
  setPlaying(false);
}

function setPlaying(playing) {
  const button = $("play");
  button.dataset.playing = playing ? "1" : "0";
  button.querySelector(".icon-play").toggleAttribute("hidden", playing);
  button.querySelector(".icon-pause").toggleAttribute("hidden", !playing);
  button.setAttribute("aria-label", playing ? "pause" : "play");
}

$("play").addEventListener("click", () => {
  if (!state.anim) return;
  if ($("play").dataset.playing === "1") stopAnimation();
  else play();
});
$("first").addEventListener("click", () => {
  stopAnimation();
  showFrame(0);
});
$("last").addEventListener("click", () => {
  stopAnimation();
  if (state.anim) showFrame(state.anim.frames.length - 1);
});
$("frame").addEventListener("input", (event) => {
  stopAnimation();
  showFrame(Number(event.target.value));
});
$("speed").addEventListener("change", () => {
  if ($("play").dataset.playing === "1") play();
});

// ------------------------------------------------------------------ exports
function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// The picture, cropped to the region, at a size that suits it; a colour map
// gets its scale underneath, sized with the picture.
function pictureScene() {
  const box = state.grid.box();
  const rows = box[2] - box[0], cols = box[3] - box[1];
  const s = Math.max(2, Math.min(60, Math.floor(2000 / Math.max(rows, cols))));
  const margin = Math.max(4, Math.round(s / 2));
  const scaled = Boolean(state.view && state.view.heat && state.view.legend && state.view.legend[0] && state.view.legend[0].gradient);
  const unit = Math.max(1, Math.min(2.5, (cols * s) / 800)); // the scale's text: 12 px at 800 px wide
  const width = Math.max(cols * s + 2 * margin, scaled ? 340 : 0);
  const height = rows * s + 2 * margin + (scaled ? Math.round(58 * unit) : 0);
  const ox = (width - cols * s) / 2 - box[1] * s;
  return { box, width, height, s, ox, oy: margin - box[0] * s, scaled, unit, bottom: rows * s + 2 * margin };
}

function paintPicture(painter, p) {
  render(painter, { grid: state.grid, box: p.box, s: p.s, ox: p.ox, oy: p.oy, paper: false, view: state.view });
  if (p.scaled) {
    const legend = state.view.legend[0];
    const width = Math.min(260 * p.unit, p.width - 120);
    renderScale(painter, {
      x: (p.width - width) / 2,
      y: p.bottom + 6 * p.unit,
      width,
      height: 14 * p.unit,
      size: 12 * p.unit,
      colors: legend.gradient,
      low: legend.low,
      high: legend.high,
      caption: legend.text,
    });
  }
}

export function svgPicture() {
  const p = pictureScene();
  const painter = new SvgPainter(p.width, p.height);
  painter.parts.push(`<rect width="${p.width}" height="${p.height}" fill="#ffffff"/>`);
  paintPicture(painter, p);
  return painter.toString();
}

function pngPicture() {
  const p = pictureScene();
  const off = document.createElement("canvas");
  off.width = p.width;
  off.height = p.height;
  const ctx = off.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, p.width, p.height);
  paintPicture(new CanvasPainter(ctx), p);
  return off;
}

// What the TikZ export asks the server to draw: what the view shows.
function tikzRequest(view) {
  if (!view) return { show: "region" };
  if (view.proof) return { show: "proof" };
  if (view.probabilities) return { show: "probabilities", colors: view.mode === "classes" ? "classes" : "vertical" };
  if (!view.dominoes || !view.dominoes.length) return { show: "region" };
  if (view.heat) return { show: "heights", dominoes: view.dominoes };
  const show = view.marks && view.bound ? "bound" : "tiling";
  const colors = view.scheme === "orientation" ? "orientation" : view.dominoes.map((_, i) => (view.fills ? view.fills[i] : THEME.matched));
  return { show, dominoes: view.dominoes, colors };
}

function baseName() {
  return state.view && state.view.name ? `region-${state.view.name}` : "region";
}

$("export-region").addEventListener("click", () => {
  if (!state.region) return;
  download("region.txt", new Blob([`${state.region.ascii}\n`], { type: "text/plain" }));
});
$("export-png").addEventListener("click", () => {
  pngPicture().toBlob((blob) => download(`${baseName()}.png`, blob), "image/png");
});
$("export-svg").addEventListener("click", () => {
  download(`${baseName()}.svg`, new Blob([svgPicture()], { type: "image/svg+xml" }));
});
$("export-tikz").addEventListener("click", async () => {
  if (state.grid.count() === 0) return;
  const name = `${baseName()}.tex`;
  try {
    const job = state.action.start("tikz", { region: state.grid.toAscii(), ...tikzRequest(state.view) });
    showJob(job, "writing the TikZ picture");
    const answer = await job.result;
    state.action.done(job);
    download(name, new Blob([answer.text], { type: "application/x-tex;charset=utf-8" }));
  } catch (err) {
    showError(err, "Picture (.tex): ");
  } finally {
    showJob(null);
    setBusy();
  }
});
$("export-tiling").addEventListener("click", async () => {
  if (!state.tiling) return;
  try {
    const job = state.action.start("text", { region: state.grid.toAscii(), dominoes: state.tiling.dominoes });
    const answer = await job.result;
    state.action.done(job);
    download("tiling.txt", new Blob([`${answer.text}\n`], { type: "text/plain;charset=utf-8" }));
  } catch (err) {
    showError(err);
  } finally {
    setBusy();
  }
});

// ------------------------------------------------------------------ controls
function updateControls() {
  const empty = state.grid.count() === 0;
  const r = state.region;
  document.querySelectorAll("[data-view]").forEach((b) => {
    b.disabled = empty;
  });
  const shuffle = document.querySelector('[data-view="shuffle"]');
  const order = r && r.aztec_order;
  shuffle.disabled = !order || order > state.info.limits.shuffle_order;
  shuffle.title = order ? "watch domino shuffling grow this Aztec diamond" : "domino shuffling grows Aztec diamonds: load the preset “Aztec diamond of order n”";
  const kuhn = document.querySelector('[data-view="kuhn"]');
  const kuhnLimit = state.info.limits.kuhn_cells;
  if (r && r.cells > kuhnLimit) kuhn.disabled = true;
  kuhn.title = kuhn.disabled && !empty ? `the matching animation shows every step, for regions of at most ${kuhnLimit.toLocaleString("en")} cells` : "watch Kuhn's algorithm grow a matching, one augmenting path at a time";
  $("undo").disabled = !state.grid.undoStack.length;
  $("redo").disabled = !state.grid.redoStack.length;
  $("export-region").disabled = !r;
  $("export-png").disabled = empty;
  $("export-svg").disabled = empty;
  $("export-tikz").disabled = empty;
  $("export-tiling").disabled = !state.tiling;
}

$("error-close").addEventListener("click", clearError);

// ------------------------------------------------------------------ start
async function start() {
  setBusy();
  try {
    state.info = await getInfo();
  } catch (err) {
    showError(err);
    return;
  }
  $("version").textContent = `tiling ${state.info.version}`;
  const select = $("preset");
  for (const p of state.info.presets) {
    const option = document.createElement("option");
    option.value = p.name;
    option.textContent = p.title;
    select.append(option);
  }
  const aztec = state.info.presets.find((p) => p.takes_order);
  if (aztec) $("order").value = aztec.default_order;
  select.value = "chessboard";
  const answer = await getPreset("chessboard");
  state.grid.load(answer.region, 1);
  regionChanged();
  document.body.dataset.ready = "1";
}

// For tests and the curious: the state, and where each cell is on the screen.
window.explorer = {
  state,
  cellCenter(r, c) {
    const { s, ox, oy } = state.geometry;
    return { x: ox + (c + 0.5) * s, y: oy + (r + 0.5) * s };
  },
  svgPicture,
  pngPicture,
  // the size of the probabilities written on the positions now (0: not written)
  positionFontSize() {
    return state.view && state.view.probabilities ? positionFontSize(state.geometry.s) : 0;
  },
  // the size of the corner heights as drawn now (0: cells too small, not written)
  cornerFontSize() {
    const heat = state.view && state.view.heat;
    return heat ? cornerFontSize(state.geometry.s, heat.digits) : 0;
  },
};

start();
