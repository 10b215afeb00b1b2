// The height function on the page: the colour map under the tiling, drawn from
// the corner heights the server computes (`heights` question), and the flips
// that move it (the "flip to the least / greatest tiling" animation).
//
// Heights step by 1 or 3 from corner to corner, so the map shows the mean of
// each cell's four corners (as tiling.plot.draw_heights does).  A cell that a
// slit runs through (around a hole whose colours do not balance, the height
// jumps across the slit) reads its corners along its own sides: the jump the
// server reports on a side is taken back.

import { signed } from "./draw.js";

export class HeightMap {
  // `answer`: the `heights` answer; `inRegion(r, c)`: whether (r, c) is a cell.
  constructor(answer, inRegion) {
    this.heights = answer.heights.map((row) => row.slice());
    this.rows = this.heights.length - 1;
    this.cols = this.heights[0].length - 1;
    const w = this.cols + 1;
    const jumpH = new Map(), jumpV = new Map();
    for (const { side, jump } of answer.slits) (side[0] === side[2] ? jumpH : jumpV).set(side[0] * w + side[1], jump);
    const H = this.heights;
    const jh = (i, c) => jumpH.get(i * w + c) || 0;
    const jv = (i, c) => jumpV.get(i * w + c) || 0;
    this.means = new Float64Array(this.rows * this.cols).fill(NaN);
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        if (!inRegion(r, c)) continue;
        const tl = H[r][c];
        const tr = H[r][c + 1] - jh(r, c);
        const bl = H[r + 1][c] - jv(r, c);
        const br = H[r + 1][c + 1] - jv(r, c) - jh(r + 1, c);
        this.means[r * this.cols + c] = (tl + tr + bl + br) / 4;
      }
    }
    this.slits = answer.slits.map((s) => s.line);
    this.anchors = answer.holes.map((h) => h.corner);
    this.setScale(...this.meanRange());
  }

  meanRange() {
    let lo = Infinity, hi = -Infinity;
    for (const m of this.means) {
      if (Number.isNaN(m)) continue;
      if (m < lo) lo = m;
      if (m > hi) hi = m;
    }
    return [lo, hi];
  }

  // The colour scale: `lo` at its bottom, `hi` at its top (kept fixed during an animation).
  setScale(lo, hi) {
    this.lo = lo;
    this.hi = hi > lo ? hi : lo + 1;
  }

  mean(r, c) {
    return r >= 0 && c >= 0 && r < this.rows && c < this.cols ? this.means[r * this.cols + c] : NaN;
  }

  // The corner heights' range.
  extent() {
    let lo = Infinity, hi = -Infinity;
    for (const row of this.heights) {
      for (const h of row) {
        if (h === null) continue;
        if (h < lo) lo = h;
        if (h > hi) hi = h;
      }
    }
    return [lo, hi];
  }

  // A flip of the 2 x 2 block whose top-left cell is (r, c): the height at the
  // block's centre moves by `delta` (4 or -4), so each of its four cells' means by delta / 4.
  flip(r, c, delta) {
    this.heights[r + 1][c + 1] += delta;
    for (const [rr, cc] of [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]]) this.means[rr * this.cols + cc] += delta / 4;
  }

  // The layer render() draws (`heat` of a view), with `colors` the colour table.
  layer(colors) {
    const top = colors.length - 1;
    const [low, high] = this.extent();
    return {
      colors,
      level: (r, c) => {
        const m = this.mean(r, c);
        return Number.isNaN(m) ? null : Math.round(((m - this.lo) / (this.hi - this.lo)) * top);
      },
      heights: this.heights,
      digits: Math.max(signed(low).length, signed(high).length),
      slits: this.slits,
      anchors: this.anchors,
    };
  }
}

// A tiling as a partner per cell, so that flips are cheap: flipping a 2 x 2
// block turns its two parallel dominoes a quarter turn.
export class FlipTiling {
  constructor(dominoes, cols) {
    this.cols = cols;
    this.partner = new Map();
    for (const [a, b, c, d] of dominoes) {
      this.partner.set(a * cols + b, c * cols + d);
      this.partner.set(c * cols + d, a * cols + b);
    }
  }

  flip(r, c) {
    const w = this.cols;
    const tl = r * w + c, tr = tl + 1, bl = tl + w, br = bl + 1;
    const horizontal = this.partner.get(tl) === tr && this.partner.get(bl) === br;
    const vertical = this.partner.get(tl) === bl && this.partner.get(tr) === br;
    if (!horizontal && !vertical) throw new Error(`no flip at row ${r}, column ${c}: the block is not two parallel dominoes`);
    const pairs = horizontal ? [[tl, bl], [tr, br]] : [[tl, tr], [bl, br]];
    for (const [x, y] of pairs) {
      this.partner.set(x, y);
      this.partner.set(y, x);
    }
  }

  dominoes() {
    const w = this.cols;
    const out = [];
    for (const [x, y] of this.partner) if (x < y) out.push([Math.floor(x / w), x % w, Math.floor(y / w), y % w]);
    return out;
  }
}

// Numbers on the scale: 2, 2.5, -0.25.
export const level = (x) => signed(Math.round(x * 100) / 100);
