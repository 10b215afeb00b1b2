// Drawing: one scene, two painters (a canvas for the page and the PNG, SVG text
// for the vector export), so the picture exported is the picture shown.
//
// A scene is the grid (the region), a window of it (`box`), the geometry (cell
// size `s`, offset `ox`, `oy`) and a view: layers computed from the server's
// answers (dominoes with their fills, marked cells, dots, a path, labels, a
// colour map of the height function with its slits and corner heights).

export const THEME = {
  paper: "#ffffff",
  paperLine: "#e3e8ef",
  light: "#f4ecdb", // colour 0 cells: (row + col) even
  dark: "#e2d2b0", // colour 1 cells
  boundary: "#4d4030",
  edge: "#262626", // domino borders
  highlight: "#e69f00", // the set S of a proof (Okabe-Ito orange)
  neighbor: "#56b4e9", // its neighbours N(S) (sky blue)
  mark: "#d55e00", // uncovered cells, augmenting paths (vermillion)
  matched: "#77aadd", // dominoes of a matching being grown
  fresh: "#eedd88", // dominoes just placed by an augmenting path
};

function rgb(hex) {
  const h = hex.replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

const fmt = (x) => (Math.round(x * 100) / 100).toString();

// ---------------------------------------------------------------- painters
export class CanvasPainter {
  constructor(ctx) {
    this.ctx = ctx;
  }

  // One colour per cell (index into palette; null entries are not painted).
  raster(rows, cols, index, palette, x, y, s, sy = s) {
    const image = new ImageData(cols, rows);
    const data = image.data;
    const table = palette.map((p) => (p ? rgb(p) : null));
    for (let i = 0; i < index.length; i++) {
      const t = table[index[i]];
      if (!t) continue;
      data[4 * i] = t[0];
      data[4 * i + 1] = t[1];
      data[4 * i + 2] = t[2];
      data[4 * i + 3] = 255;
    }
    const off = document.createElement("canvas");
    off.width = cols;
    off.height = rows;
    off.getContext("2d").putImageData(image, 0, 0);
    this.ctx.imageSmoothingEnabled = false;
    this.ctx.drawImage(off, x, y, cols * s, rows * sy);
  }

  rects(flat, { fill, stroke, width = 1, radius = 0 }) {
    const ctx = this.ctx;
    ctx.beginPath();
    for (let i = 0; i < flat.length; i += 4) {
      if (radius > 0) ctx.roundRect(flat[i], flat[i + 1], flat[i + 2], flat[i + 3], radius);
      else ctx.rect(flat[i], flat[i + 1], flat[i + 2], flat[i + 3]);
    }
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    if (stroke && width > 0) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = width;
      ctx.stroke();
    }
  }

  lines(flat, { stroke, width = 1, dash = null, cap = null }) {
    const ctx = this.ctx;
    ctx.beginPath();
    for (let i = 0; i < flat.length; i += 4) {
      ctx.moveTo(flat[i], flat[i + 1]);
      ctx.lineTo(flat[i + 2], flat[i + 3]);
    }
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    ctx.lineCap = cap || (dash ? "butt" : "square");
    ctx.setLineDash(dash || []);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  polyline(flat, { stroke, width = 2 }) {
    const ctx = this.ctx;
    ctx.beginPath();
    ctx.moveTo(flat[0], flat[1]);
    for (let i = 2; i < flat.length; i += 2) ctx.lineTo(flat[i], flat[i + 1]);
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    ctx.stroke();
  }

  dots(flat, radius, { fill, stroke, width = 1 }) {
    const ctx = this.ctx;
    ctx.beginPath();
    for (let i = 0; i < flat.length; i += 2) {
      ctx.moveTo(flat[i] + radius, flat[i + 1]);
      ctx.arc(flat[i], flat[i + 1], radius, 0, 2 * Math.PI);
    }
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    if (stroke) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = width;
      ctx.stroke();
    }
  }

  text(x, y, str, { size, fill, weight = 600, halo = null, align = "center" }) {
    const ctx = this.ctx;
    ctx.font = `${weight} ${size}px system-ui, sans-serif`;
    ctx.textAlign = align;
    ctx.textBaseline = "middle";
    if (halo) {
      // a rim of the background colour keeps the number legible on any fill
      ctx.strokeStyle = halo;
      ctx.lineWidth = Math.max(2, size * 0.3);
      ctx.lineJoin = "round";
      ctx.strokeText(str, x, y);
    }
    ctx.fillStyle = fill;
    ctx.fillText(str, x, y);
  }
}

export class SvgPainter {
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.parts = [];
  }

  raster(rows, cols, index, palette, x, y, s, sy = s) {
    // one path per colour, made of the horizontal runs of that colour
    const runs = palette.map(() => []);
    for (let r = 0; r < rows; r++) {
      let c = 0;
      while (c < cols) {
        const k = index[r * cols + c];
        let e = c + 1;
        while (e < cols && index[r * cols + e] === k) e++;
        if (palette[k]) runs[k].push(`M${fmt(x + c * s)} ${fmt(y + r * sy)}h${fmt((e - c) * s)}v${fmt(sy)}h${fmt(-(e - c) * s)}z`);
        c = e;
      }
    }
    runs.forEach((d, k) => {
      if (d.length) this.parts.push(`<path d="${d.join("")}" fill="${palette[k]}" shape-rendering="crispEdges"/>`);
    });
  }

  rects(flat, { fill, stroke, width = 1, radius = 0 }) {
    const d = [];
    for (let i = 0; i < flat.length; i += 4) d.push(roundRectPath(flat[i], flat[i + 1], flat[i + 2], flat[i + 3], radius));
    if (!d.length) return;
    const strokeAttr = stroke && width > 0 ? ` stroke="${stroke}" stroke-width="${fmt(width)}"` : "";
    this.parts.push(`<path d="${d.join("")}" fill="${fill || "none"}"${strokeAttr}/>`);
  }

  lines(flat, { stroke, width = 1, dash = null, cap = null }) {
    const d = [];
    for (let i = 0; i < flat.length; i += 4) d.push(`M${fmt(flat[i])} ${fmt(flat[i + 1])}L${fmt(flat[i + 2])} ${fmt(flat[i + 3])}`);
    const linecap = ` stroke-linecap="${cap || (dash ? "butt" : "square")}"`;
    const style = dash ? `${linecap} stroke-dasharray="${dash.map(fmt).join(" ")}"` : linecap;
    if (d.length) this.parts.push(`<path d="${d.join("")}" fill="none" stroke="${stroke}" stroke-width="${fmt(width)}"${style}/>`);
  }

  polyline(flat, { stroke, width = 2 }) {
    const pts = [];
    for (let i = 0; i < flat.length; i += 2) pts.push(`${fmt(flat[i])},${fmt(flat[i + 1])}`);
    this.parts.push(`<polyline points="${pts.join(" ")}" fill="none" stroke="${stroke}" stroke-width="${fmt(width)}" stroke-linejoin="round" stroke-linecap="round"/>`);
  }

  dots(flat, radius, { fill, stroke, width = 1 }) {
    const strokeAttr = stroke ? ` stroke="${stroke}" stroke-width="${fmt(width)}"` : "";
    for (let i = 0; i < flat.length; i += 2) {
      this.parts.push(`<circle cx="${fmt(flat[i])}" cy="${fmt(flat[i + 1])}" r="${fmt(radius)}" fill="${fill || "none"}"${strokeAttr}/>`);
    }
  }

  text(x, y, str, { size, fill, weight = 600, halo = null, align = "center" }) {
    const rim = halo ? ` stroke="${halo}" stroke-width="${fmt(Math.max(2, size * 0.3))}" stroke-linejoin="round" paint-order="stroke"` : "";
    const anchor = { center: "middle", left: "start", right: "end" }[align];
    this.parts.push(
      `<text x="${fmt(x)}" y="${fmt(y)}" font-family="system-ui, sans-serif" font-size="${fmt(size)}" font-weight="${weight}" fill="${fill}"${rim} text-anchor="${anchor}" dominant-baseline="central">${str}</text>`,
    );
  }

  toString() {
    const w = fmt(this.width), h = fmt(this.height);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">\n${this.parts.join("\n")}\n</svg>\n`;
  }
}

function roundRectPath(x, y, w, h, r) {
  if (r <= 0) return `M${fmt(x)} ${fmt(y)}h${fmt(w)}v${fmt(h)}h${fmt(-w)}z`;
  r = Math.min(r, w / 2, h / 2);
  const a = `a${fmt(r)} ${fmt(r)} 0 0 1`;
  return (
    `M${fmt(x + r)} ${fmt(y)}h${fmt(w - 2 * r)}${a} ${fmt(r)} ${fmt(r)}v${fmt(h - 2 * r)}` +
    `${a} ${fmt(-r)} ${fmt(r)}h${fmt(-(w - 2 * r))}${a} ${fmt(-r)} ${fmt(-r)}v${fmt(-(h - 2 * r))}${a} ${fmt(r)} ${fmt(-r)}z`
  );
}

// ---------------------------------------------------------------- the scene
// The shuffling class of each domino, as Tiling.shuffling_classes() defines it:
// horizontal N/S and vertical W/E, by the colour of the top or left cell
// against the colour of the first cell (`anchor` = its (row + col) % 2).
export function shufflingClass(d, anchor) {
  const same = (d[0] + d[1]) % 2 === anchor;
  return d[0] === d[2] ? (same ? "N" : "S") : same ? "W" : "E";
}

// Geometry that fits `box` = [r0, c0, r1, c1] into width x height pixels.
export function fit(box, width, height, { margin = 14, maxCell = 48 } = {}) {
  const rows = box[2] - box[0], cols = box[3] - box[1];
  const s = Math.max(0.5, Math.min(maxCell, (width - 2 * margin) / cols, (height - 2 * margin) / rows));
  const ox = (width - cols * s) / 2 - box[1] * s;
  const oy = (height - rows * s) / 2 - box[0] * s;
  return { s, ox, oy };
}

export function render(painter, { grid, box, s, ox, oy, paper = true, view = null, theme = THEME }) {
  const [r0, c0, r1, c1] = box;
  const rows = r1 - r0, cols = c1 - c0;
  const x0 = ox + c0 * s, y0 = oy + r0 * s;
  const heat = view && view.heat;

  // Squared paper: thin lines between all squares, when they are big enough to
  // see; over the cells' two colours, but under a colour map.
  const paperLines = () => {
    if (!paper || s < 6) return;
    const flat = [];
    for (let r = r0; r <= r1; r++) flat.push(x0, oy + r * s, x0 + cols * s, oy + r * s);
    for (let c = c0; c <= c1; c++) flat.push(ox + c * s, y0, ox + c * s, y0 + rows * s);
    painter.lines(flat, { stroke: theme.paperLine, width: 1 });
  };
  if (heat) paperLines();

  // Cell fills: paper, the two colours of the region (or the colour map), marked cells on top.
  const palette = [paper && !heat ? theme.paper : null, theme.light, theme.dark];
  const index = new Uint16Array(rows * cols);
  for (let r = r0; r < r1; r++) {
    for (let c = c0; c < c1; c++) {
      if (grid.has(r, c)) index[(r - r0) * cols + (c - c0)] = 1 + ((r + c) % 2);
    }
  }
  if (heat) {
    const base = palette.length;
    palette.push(...heat.colors);
    const top = heat.colors.length - 1;
    for (let r = r0; r < r1; r++) {
      for (let c = c0; c < c1; c++) {
        const level = heat.level(r, c);
        if (level !== null) index[(r - r0) * cols + (c - c0)] = base + Math.max(0, Math.min(top, level));
      }
    }
  }
  const labels = [];
  if (view && view.marks) {
    for (const mark of view.marks) {
      const k = palette.length;
      palette.push(mark.fill);
      for (const [r, c] of mark.cells) {
        if (r >= r0 && r < r1 && c >= c0 && c < c1) index[(r - r0) * cols + (c - c0)] = k;
        if (mark.label) labels.push([r, c, mark.label]);
      }
    }
  }
  painter.raster(rows, cols, index, palette, x0, y0, s);
  if (!heat) paperLines();

  // The boundary of the region: every side between a cell and a non-cell.
  const edges = [];
  for (let r = r0; r <= r1; r++) {
    let start = null;
    for (let c = c0; c <= c1; c++) {
      const cut = c < c1 && grid.has(r - 1, c) !== grid.has(r, c);
      if (cut && start === null) start = c;
      if (!cut && start !== null) {
        edges.push(ox + start * s, oy + r * s, ox + c * s, oy + r * s);
        start = null;
      }
    }
  }
  for (let c = c0; c <= c1; c++) {
    let start = null;
    for (let r = r0; r <= r1; r++) {
      const cut = r < r1 && grid.has(r, c - 1) !== grid.has(r, c);
      if (cut && start === null) start = r;
      if (!cut && start !== null) {
        edges.push(ox + c * s, oy + start * s, ox + c * s, oy + r * s);
        start = null;
      }
    }
  }
  if (s >= 2) painter.lines(edges, { stroke: theme.boundary, width: s >= 12 ? 2 : 1 });

  if (!view) return;

  if (heat) renderSlits(painter, { s, ox, oy, heat, theme });

  // Dominoes, grouped by fill (over a colour map: outlines only, edge to edge,
  // and none on small cells, where they would hide the map).
  if (view.dominoes && view.dominoes.length && !(heat && s < 8)) {
    const flat = Boolean(heat);
    const gap = s >= 8 && !flat ? s * 0.07 : 0;
    const radius = s >= 8 && !flat ? s * 0.2 : 0;
    const width = s >= 8 ? Math.max(1, s * (flat ? 0.035 : 0.045)) : s >= 4 ? 0.6 : 0;
    const groups = new Map();
    view.dominoes.forEach((d, i) => {
      const fill = view.outlineOnly || flat ? null : view.fills ? view.fills[i] : theme.matched;
      if (!groups.has(fill)) groups.set(fill, []);
      groups.get(fill).push(
        ox + d[1] * s + gap,
        oy + d[0] * s + gap,
        (d[3] - d[1] + 1) * s - 2 * gap,
        (d[2] - d[0] + 1) * s - 2 * gap,
      );
    });
    for (const [fill, flat] of groups) {
      painter.rects(flat, { fill, stroke: theme.edge, width: view.outlineOnly ? Math.max(1, width * 1.6) : width, radius });
    }
  }

  if (heat) renderHeights(painter, { grid, box, s, ox, oy, heat, theme });
  if (heat && heat.positions) renderPositions(painter, { box, s, ox, oy, heat, theme });

  if (labels.length && s >= 16) {
    for (const [r, c, text] of labels) painter.text(ox + (c + 0.5) * s, oy + (r + 0.5) * s, text, { size: s * 0.42, fill: theme.edge });
  }

  if (view.dots && view.dots.length) {
    const flat = [];
    for (const [r, c] of view.dots) flat.push(ox + (c + 0.5) * s, oy + (r + 0.5) * s);
    painter.dots(flat, Math.max(1.5, s * 0.22), { fill: theme.mark, stroke: s >= 10 ? theme.edge : null, width: 1 });
  }

  // A few marked cells on a large region would be lost: ring them.
  if (view.rings && view.rings.length && s < 14) {
    const flat = [];
    for (const [r, c] of view.rings) flat.push(ox + (c + 0.5) * s, oy + (r + 0.5) * s);
    const radius = Math.max(9, 1.6 * s);
    painter.dots(flat, radius, { fill: null, stroke: theme.edge, width: 4 });
    painter.dots(flat, radius, { fill: null, stroke: theme.highlight, width: 2.5 });
  }

  if (view.path && view.path.length) {
    const flat = [];
    for (const [r, c] of view.path) flat.push(ox + (c + 0.5) * s, oy + (r + 0.5) * s);
    painter.polyline(flat, { stroke: theme.mark, width: Math.max(2, s * 0.14) });
    const ends = [flat[0], flat[1], flat[flat.length - 2], flat[flat.length - 1]];
    painter.dots(ends, Math.max(2.5, s * 0.2), { fill: theme.mark, stroke: theme.edge, width: 1 });
  }
}

// The slits where the height jumps, under the dominoes' outlines: an ink dash
// on a white line, visible on every colour of the map.
function renderSlits(painter, { s, ox, oy, heat, theme }) {
  if (!heat.slits || !heat.slits.length || s < 3) return;
  const flat = [];
  for (const [[ya, xa], [yb, xb]] of heat.slits) flat.push(ox + xa * s, oy + ya * s, ox + xb * s, oy + yb * s);
  const width = Math.max(1.2, Math.min(3, s * 0.08));
  painter.lines(flat, { stroke: "#ffffff", width: width * 2 });
  painter.lines(flat, { stroke: theme.edge, width, dash: [Math.max(2, s * 0.16), Math.max(2, s * 0.1)] });
}

// Over the dominoes: the corner heights (when cells are large enough for the
// longest number) and a ring on each hole's flux corner.
export function renderHeights(painter, { box, s, ox, oy, heat, theme = THEME }) {
  const [r0, c0, r1, c1] = box;
  const within = (r, c) => r >= r0 && r <= r1 && c >= c0 && c <= c1;
  const size = cornerFontSize(s, heat.digits);
  if (heat.heights && size) {
    heat.heights.forEach((row, r) => {
      row.forEach((h, c) => {
        if (h === null || !within(r, c)) return;
        painter.text(ox + c * s, oy + r * s, signed(h), { size, fill: theme.edge, weight: 600, halo: "#ffffff" });
      });
    });
  }
  if (heat.anchors && heat.anchors.length) {
    const flat = [];
    for (const [r, c] of heat.anchors) if (within(r, c)) flat.push(ox + c * s, oy + r * s);
    const radius = size ? size * 1.15 : Math.max(3, s * 0.3);
    painter.dots(flat, radius, { fill: null, stroke: "#ffffff", width: 3.5 });
    painter.dots(flat, radius, { fill: null, stroke: theme.mark, width: 2 });
  }
}

// Over a probability map: each domino position as a bar joining the centres of
// its two cells, as wide as the position is likely (a certain one a third of a
// cell), when the cells are large enough to show them; the probabilities
// written on the bars when there is room for the numbers.
export function renderPositions(painter, { box, s, ox, oy, heat, theme = THEME }) {
  if (s < POSITION_CELL) return;
  const [r0, c0, r1, c1] = box;
  const levels = 24;
  const groups = new Map();
  const shown = heat.positions.filter((q) => q.r0 >= r0 && q.r1 < r1 && q.c0 >= c0 && q.c1 < c1);
  for (const q of shown) {
    const k = Math.round(q.p * levels);
    if (q.p <= 0) continue;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(ox + (q.c0 + 0.5) * s, oy + (q.r0 + 0.5) * s, ox + (q.c1 + 0.5) * s, oy + (q.r1 + 0.5) * s);
  }
  for (const [k, flat] of [...groups].sort((a, b) => a[0] - b[0])) {
    painter.lines(flat, { stroke: theme.edge, width: Math.max(0.8, (k / levels) * s * 0.26), cap: "round" });
  }
  const size = positionFontSize(s);
  if (!size) return;
  for (const q of shown) {
    const x = ox + ((q.c0 + q.c1) / 2 + 0.5) * s, y = oy + ((q.r0 + q.r1) / 2 + 0.5) * s;
    painter.text(x, y, q.label, { size, fill: theme.edge, weight: 600, halo: "#ffffff" });
  }
}

// Smallest cell (in pixels) on which the positions' bars are drawn.
export const POSITION_CELL = 10;

// The font size of the probabilities written on the positions, or 0 when the
// cells are too small for "0.25" beside its neighbours.
export function positionFontSize(s) {
  return s >= 40 ? Math.max(9, Math.min(13, s * 0.22)) : 0;
}

// The font size of corner heights, or 0 when the cells are too small for
// numbers of `digits` characters (minus sign included) to stand apart.
export function cornerFontSize(s, digits) {
  const size = Math.max(8, Math.min(13, s * 0.3));
  return s >= 18 && s >= 0.62 * size * digits + 8 ? size : 0;
}

// A height as written: with a true minus sign.
export const signed = (h) => (h < 0 ? `\u2212${-h}` : String(h));

// A colour scale: the colours from low to high left to right, the two ends
// and a caption written under it.
export function renderScale(painter, { x, y, width, height, colors, low, high, caption, size = 12, theme = THEME }) {
  const index = new Uint16Array(colors.length).map((_, i) => i);
  painter.raster(1, colors.length, index, colors, x, y, width / colors.length, height);
  painter.rects([x, y, width, height], { fill: null, stroke: theme.edge, width: 1 });
  const mid = y + height / 2;
  painter.text(x - size / 2, mid, low, { size, fill: theme.edge, weight: 500, align: "right" });
  painter.text(x + width + size / 2, mid, high, { size, fill: theme.edge, weight: 500, align: "left" });
  painter.text(x + width / 2, y + height + size * 1.1, caption, { size, fill: theme.edge, weight: 500 });
}
