// Placement probabilities on the page: from the `probabilities` answer (the
// library's tiling.probabilities), a colour map of each cell's chance of being
// covered by a vertical domino, and, over it, each domino position's own
// probability as a bar joining its two cells (and as a number when the cells
// are large enough).

// A probability as written: two decimals, never rounded to a certainty it is
// not ("<0.01", ">0.99"); or the exact fraction when it is known and short.
export function probabilityText(p, fraction = null) {
  if (fraction !== null && fraction !== undefined && fraction.length <= 12) return fraction;
  if (p === 0 || p === 1) return String(p);
  if (p < 0.005) return "<0.01";
  if (p > 0.995) return ">0.99";
  return p.toFixed(2);
}

// 1 - x for an exact fraction written "a/b" (or "0", "1"): "(b - a)/b", already in lowest terms.
export function complement(fraction) {
  if (fraction === null || fraction === undefined) return null;
  const [a, b = "1"] = fraction.split("/");
  const rest = BigInt(b) - BigInt(a);
  return b === "1" ? String(rest) : `${rest}/${b}`;
}

function hexRgb(hex) {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

// The colours of the classes mixed by their probabilities (which add up to 1),
// each channel rounded to the nearest integer: "#rrggbb".
export function mixColor(weights, rgb) {
  const mixed = [0, 0, 0];
  for (const k of ["N", "S", "W", "E"]) for (let i = 0; i < 3; i++) mixed[i] += weights[k] * rgb[k][i];
  return `#${mixed.map((x) => Math.max(0, Math.min(255, Math.floor(x + 0.5))).toString(16).padStart(2, "0")).join("")}`;
}

export class ProbabilityMap {
  // `answer`: the `probabilities` answer.
  constructor(answer) {
    this.horizontal = answer.horizontal;
    this.vertical = answer.vertical;
    this.cellVertical = answer.cell_vertical;
    this.fractions = answer.fractions || null;
    [this.rows, this.cols] = answer.shape;
  }

  // horizontal[r][c]: the domino (r, c)-(r, c + 1); null outside the region or the arrays.
  h(r, c) {
    const row = this.horizontal[r];
    const p = row === undefined ? undefined : row[c];
    return p === undefined ? null : p;
  }

  // vertical[r][c]: the domino (r, c)-(r + 1, c).
  v(r, c) {
    const row = this.vertical[r];
    const p = row === undefined ? undefined : row[c];
    return p === undefined ? null : p;
  }

  // The chance that cell (r, c) is covered by a vertical domino, or null off the region.
  cell(r, c) {
    const row = this.cellVertical[r];
    const p = row === undefined ? undefined : row[c];
    return p === undefined ? null : p;
  }

  // The four positions of cell (r, c): {up, down, left, right} (null: no such position).
  around(r, c) {
    return { up: this.v(r - 1, c), down: this.v(r, c), left: this.h(r, c - 1), right: this.h(r, c) };
  }

  // How far the four positions of a cell are from adding up to 1, at worst (an
  // independent check of the numbers received: one domino covers each cell).
  sumError() {
    let worst = 0;
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        if (this.cell(r, c) === null) continue;
        const a = this.around(r, c);
        const total = (a.up || 0) + (a.down || 0) + (a.left || 0) + (a.right || 0);
        worst = Math.max(worst, Math.abs(total - 1));
      }
    }
    return worst;
  }

  fraction(kind, r, c) {
    if (!this.fractions) return null;
    const row = this.fractions[kind][r];
    return row === undefined || row[c] === undefined ? null : row[c];
  }

  // The positions as drawn: {r0, c0, r1, c1, p, label}, every position of the
  // region, labelled with two decimals (fractions would crowd the picture; the
  // hint under the paper gives them).
  positions() {
    const out = [];
    this.horizontal.forEach((row, r) =>
      row.forEach((p, c) => {
        if (p !== null) out.push({ r0: r, c0: c, r1: r, c1: c + 1, p, label: probabilityText(p) });
      }),
    );
    this.vertical.forEach((row, r) =>
      row.forEach((p, c) => {
        if (p !== null) out.push({ r0: r, c0: c, r1: r + 1, c1: c, p, label: probabilityText(p) });
      }),
    );
    return out;
  }

  // The layer render() draws (`heat` of a view), with `colors` the colour table
  // from probability 0 (always horizontal) to 1 (always vertical).
  layer(colors) {
    const top = colors.length - 1;
    return {
      colors,
      level: (r, c) => {
        const p = this.cell(r, c);
        return p === null ? null : Math.round(Math.max(0, Math.min(1, p)) * top);
      },
      positions: this.positions(),
    };
  }

  // The chance that cell (r, c) lies in a domino of each shuffling class, as
  // Tiling.shuffling_classes() defines them: horizontal N or S, vertical W or
  // E, by whether the domino's top or left cell has the colour of the region's
  // first cell (`parity` = that cell's (row + col) % 2).
  classes(r, c, parity) {
    const a = this.around(r, c);
    const same = (rr, cc) => (rr + cc) % 2 === parity;
    const out = { N: 0, S: 0, W: 0, E: 0 };
    if (a.right !== null) out[same(r, c) ? "N" : "S"] += a.right;
    if (a.left !== null) out[same(r, c - 1) ? "N" : "S"] += a.left;
    if (a.down !== null) out[same(r, c) ? "W" : "E"] += a.down;
    if (a.up !== null) out[same(r - 1, c) ? "W" : "E"] += a.up;
    return out;
  }

  // The layer of the four classes: each cell the mix of the classes' colours
  // (`colors` = {N, S, W, E}) in proportion to their probabilities, so a frozen
  // area has the colour its dominoes have in every tiling the page draws.
  classLayer(colors, parity) {
    const table = [], index = new Map(), level = new Map();
    const rgb = Object.fromEntries(Object.entries(colors).map(([k, hex]) => [k, hexRgb(hex)]));
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        if (this.cell(r, c) === null) continue;
        const hex = mixColor(this.classes(r, c, parity), rgb);
        if (!index.has(hex)) {
          index.set(hex, table.length);
          table.push(hex);
        }
        level.set(r * this.cols + c, index.get(hex));
      }
    }
    return {
      colors: table,
      level: (r, c) => (r >= 0 && c >= 0 && r < this.rows && c < this.cols && level.has(r * this.cols + c) ? level.get(r * this.cols + c) : null),
      positions: this.positions(),
    };
  }

  // What the hint under the paper says about cell (r, c).
  describeCell(r, c) {
    const p = this.cell(r, c);
    if (p === null) return null;
    const a = this.around(r, c);
    const text = (x, kind, rr, cc) => (x === null ? null : probabilityText(x, this.fraction(kind, rr, cc)));
    const parts = (pairs) => pairs.filter(([, t]) => t !== null).map(([w, t]) => `${w} ${t}`).join(", ");
    const up = text(a.up, "vertical", r - 1, c), down = text(a.down, "vertical", r, c);
    const left = text(a.left, "horizontal", r, c - 1), right = text(a.right, "horizontal", r, c);
    const vertical = probabilityText(p, this.fraction("cell_vertical", r, c));
    const horizontal = probabilityText(1 - p, complement(this.fraction("cell_vertical", r, c)));
    const v = parts([["up", up], ["down", down]]), h = parts([["left", left], ["right", right]]);
    return `covered by a vertical domino with probability ${vertical}${v ? ` (${v})` : ""}, by a horizontal one ${horizontal}${h ? ` (${h})` : ""}`;
  }
}
