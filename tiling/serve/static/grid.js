// The squared paper being edited: a rows x cols mask, with undo and redo.
// Row 0 is on top, as in the library; the ASCII sent to the server keeps every
// row and column (empty squares as '#'), so cells keep their coordinates.

const MAX_UNDO = 200;

export class Grid {
  constructor(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.mask = new Uint8Array(rows * cols);
    this.undoStack = [];
    this.redoStack = [];
  }

  has(r, c) {
    return r >= 0 && c >= 0 && r < this.rows && c < this.cols && this.mask[r * this.cols + c] === 1;
  }

  inside(r, c) {
    return r >= 0 && c >= 0 && r < this.rows && c < this.cols;
  }

  set(r, c, value) {
    if (!this.inside(r, c)) return false;
    const i = r * this.cols + c;
    const v = value ? 1 : 0;
    if (this.mask[i] === v) return false;
    this.mask[i] = v;
    return true;
  }

  count() {
    let n = 0;
    for (let i = 0; i < this.mask.length; i++) n += this.mask[i];
    return n;
  }

  // ------------------------------------------------------------ history
  snapshot() {
    return { rows: this.rows, cols: this.cols, mask: this.mask.slice() };
  }

  restore(s) {
    this.rows = s.rows;
    this.cols = s.cols;
    this.mask = s.mask.slice();
  }

  // Call before every change the user may want to undo.
  remember() {
    this.undoStack.push(this.snapshot());
    if (this.undoStack.length > MAX_UNDO) this.undoStack.shift();
    this.redoStack = [];
  }

  // Drop the last remembered state when the change turned out to change nothing.
  forget() {
    this.undoStack.pop();
  }

  undo() {
    if (!this.undoStack.length) return false;
    this.redoStack.push(this.snapshot());
    this.restore(this.undoStack.pop());
    return true;
  }

  redo() {
    if (!this.redoStack.length) return false;
    this.undoStack.push(this.snapshot());
    this.restore(this.redoStack.pop());
    return true;
  }

  // ------------------------------------------------------------ whole-grid edits
  resize(rows, cols) {
    const mask = new Uint8Array(rows * cols);
    for (let r = 0; r < Math.min(rows, this.rows); r++) {
      for (let c = 0; c < Math.min(cols, this.cols); c++) mask[r * cols + c] = this.mask[r * this.cols + c];
    }
    this.rows = rows;
    this.cols = cols;
    this.mask = mask;
  }

  fillAll(value) {
    this.mask.fill(value ? 1 : 0);
  }

  // The smallest box holding every cell: [r0, c0, r1, c1], or null when empty.
  box() {
    let r0 = Infinity, c0 = Infinity, r1 = -1, c1 = -1;
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        if (this.mask[r * this.cols + c]) {
          if (r < r0) r0 = r;
          if (c < c0) c0 = c;
          if (r > r1) r1 = r;
          if (c > c1) c1 = c;
        }
      }
    }
    return r1 < 0 ? null : [r0, c0, r1 + 1, c1 + 1];
  }

  // Replace the grid with an ASCII picture ('.' a cell), `margin` empty squares around it.
  load(text, margin = 1) {
    const lines = text.replace(/\r\n?/g, "\n").split("\n");
    while (lines.length && !lines[lines.length - 1].includes(".")) lines.pop();
    while (lines.length && !lines[0].includes(".")) lines.shift();
    let left = Infinity, width = 0;
    for (const line of lines) {
      const first = line.indexOf(".");
      if (first >= 0) left = Math.min(left, first);
      width = Math.max(width, line.lastIndexOf(".") + 1);
    }
    if (!lines.length) left = 0;
    const rows = lines.length + 2 * margin;
    const cols = Math.max(1, width - left) + 2 * margin;
    this.rows = rows;
    this.cols = cols;
    this.mask = new Uint8Array(rows * cols);
    lines.forEach((line, r) => {
      for (let c = left; c < line.length; c++) {
        if (line[c] === ".") this.mask[(r + margin) * cols + (c - left + margin)] = 1;
      }
    });
  }

  // Shrink (or grow) the paper to the region's box and a margin.
  trim(margin = 1) {
    const box = this.box();
    if (!box) return;
    this.load(this.toAscii(), margin);
  }

  // '.' for a cell, '#' for an empty square; every row and column kept.
  toAscii() {
    const out = [];
    for (let r = 0; r < this.rows; r++) {
      let line = "";
      for (let c = 0; c < this.cols; c++) line += this.mask[r * this.cols + c] ? "." : "#";
      out.push(line);
    }
    return out.join("\n");
  }

  // A key that changes whenever the region does (to drop stale answers).
  key() {
    return `${this.rows}x${this.cols}:${this.toAscii()}`;
  }
}

// The squares on the segment from (r0, c0) to (r1, c1), ends included, each
// sharing a side with the one before: a fast drag leaves a connected trail.
export function segment(r0, c0, r1, c1) {
  const out = [[r0, c0]];
  const nr = Math.abs(r1 - r0), nc = Math.abs(c1 - c0);
  const sr = r0 < r1 ? 1 : -1, sc = c0 < c1 ? 1 : -1;
  let r = r0, c = c0;
  for (let i = 0, j = 0; i < nr || j < nc; ) {
    // step along the axis whose next crossing of the ideal line comes first
    if ((0.5 + j) / nc < (0.5 + i) / nr) { c += sc; j++; } else { r += sr; i++; }
    out.push([r, c]);
  }
  return out;
}
