#!/usr/bin/env node
// Generates the original, self-contained SVG artwork shipped with the
// Boston College tenant config (logo, dorm cards, off-campus card and the
// landing-page backdrops). No dependencies, no external references: every
// shape is drawn here, and a seeded PRNG keeps the output deterministic.
//
//   node scripts/generate-college-art.mjs
//
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'config', 'boston-college');

// ---------------------------------------------------------------- utilities

function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function hashSeed(str) {
  let h = 2166136261;
  for (const ch of str) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}
let rnd = mulberry32(1);
let patId = 0;
let patDefs = [];
const seed = (key) => {
  rnd = mulberry32(hashSeed(key));
};
const rand = (a, b) => a + (b - a) * rnd();
const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
let PREC = 10; // 10 = one decimal; scenes switch to whole numbers to stay small
const n = (v) => String(Math.round(v * PREC) / PREC);
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// path fragments
const rectP = (x, y, w, h) => `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
const polyP = (pts) => `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}z`;
const roundP = (x, y, w, h) => {
  const r = w / 2;
  return `M${n(x)} ${n(y + h)}v${n(-(h - r))}a${n(r)} ${n(r)} 0 0 1 ${n(w)} 0v${n(h - r)}z`;
};
const gothP = (x, y, w, h) => {
  const a = Math.min(w * 0.95, h * 0.6);
  return `M${n(x)} ${n(y + h)}v${n(-(h - a))}q0 ${n(-a * 0.62)} ${n(w / 2)} ${n(-a)}q${n(w / 2)} ${n(a * 0.38)} ${n(w / 2)} ${n(a)}v${n(h - a)}z`;
};
const shapeP = (shape, x, y, w, h) =>
  shape === 'goth' ? gothP(x, y, w, h) : shape === 'round' ? roundP(x, y, w, h) : rectP(x, y, w, h);
const path = (fill, d, extra = '') => (d ? `<path fill="${fill}"${extra} d="${d}"/>` : '');
const circ = (x, y, r) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"/>`;

// ------------------------------------------------------------------ palette

const C = {
  maroon: '#8a100b',
  gold: '#b29d6c',
  brick: '#a4503f',
  brickD: '#8c4235',
  brickL: '#b5634f',
  stone: '#d3c7ac',
  stoneD: '#b7a98b',
  stoneL: '#e4dac5',
  conc: '#d2cdc3',
  concD: '#b4aea2',
  slate: '#59626f',
  slateD: '#474f5b',
  copper: '#7ba596',
  trim: '#f2ece0',
  glass: '#5b7892',
  glassD: '#3f566c',
  lit: '#f4cd7c',
  door: '#5b3b2c',
  trunk: '#6b4e3a',
  path: '#e6dcc6',
};

const SKIES = {
  day: ['#8dbadb', '#cfe3ee', '#eef3ef'],
  morning: ['#a6c6e0', '#dce6ea', '#f6e6cc'],
  golden: ['#b7b9d2', '#f0cfa6', '#f9e8c8'],
  soft: ['#b3cfe2', '#dbe8ee', '#f1f2ea'],
  late: ['#86a9cc', '#cfd6dd', '#f3d8b4'],
};

// trees: [canopy, highlight] pairs
const SEASONS = {
  summer: {
    trees: [
      ['#4d7a45', '#79a661'],
      ['#3f6b3c', '#6a9a55'],
      ['#57864b', '#86b06a'],
    ],
    shrub: '#4d7a45',
    grass: '#86b364',
    grassD: '#76a257',
    hill: '#a9c3a0',
  },
  autumn: {
    trees: [
      ['#c76a2e', '#e8a052'],
      ['#a9452d', '#d27a45'],
      ['#d49a3a', '#ecc266'],
      ['#7d8a3c', '#a8b35a'],
    ],
    shrub: '#a9652d',
    grass: '#9db06a',
    grassD: '#8ca05c',
    hill: '#c9bfa0',
  },
  spring: {
    trees: [
      ['#6a9a4f', '#93c06d'],
      ['#e3a7b4', '#f6d3da'],
      ['#5b8d48', '#86b565'],
      ['#d993a6', '#f1c4cf'],
    ],
    shrub: '#5b8d48',
    grass: '#92bd68',
    grassD: '#80ab5a',
    hill: '#b7cfa4',
  },
  winter: { trees: [['#5b6b5e', '#7c8c7e']], shrub: '#6d7c70', grass: '#e9eef3', grassD: '#dae2ea', hill: '#cdd6de' },
};

// -------------------------------------------------------------- primitives

function svgDoc(w, h, title, body, defs = '') {
  const used = DEFS.filter(([id]) => body.includes(`url(#${id})`)).map(([, d]) => d);
  const allDefs = defs + used.join('') + patDefs.join('');
  patDefs = [];
  patId = 0;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img" aria-labelledby="t">` +
    `<title id="t">${esc(title)}</title>${allDefs ? `<defs>${allDefs}</defs>` : ''}${body}</svg>\n`
  );
}

// shared patterns / gradients, only emitted when referenced
const DEFS = [
  [
    'bk',
    '<pattern id="bk" width="24" height="10" patternUnits="userSpaceOnUse"><path d="M0 .5h24M0 5.5h24M6 .5v5M18 5.5v5" stroke="#3a1a12" stroke-opacity=".13" fill="none"/></pattern>',
  ],
  [
    'st',
    '<pattern id="st" width="40" height="16" patternUnits="userSpaceOnUse"><path d="M0 .5h40M0 8.5h40M12 .5v8M32 8.5v8" stroke="#5a4d36" stroke-opacity=".12" fill="none"/></pattern>',
  ],
  [
    'cb',
    '<pattern id="cb" width="10" height="7" patternUnits="userSpaceOnUse"><path d="M0 6.5h10" stroke="#000" stroke-opacity=".1" fill="none"/></pattern>',
  ],
  [
    'gl',
    '<radialGradient id="gl"><stop offset="0" stop-color="#ffd98a" stop-opacity=".75"/><stop offset="1" stop-color="#ffd98a" stop-opacity="0"/></radialGradient>',
  ],
  [
    'wv',
    '<linearGradient id="wv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c4d2da"/><stop offset="1" stop-color="#8aa3b5"/></linearGradient>',
  ],
  [
    'crowd',
    '<pattern id="crowd" width="14" height="12" patternUnits="userSpaceOnUse"><path fill="#262b40" d="M0 0h14v12H0z"/><g fill="#7a2a2a"><circle cx="3" cy="4" r="2.4"/><circle cx="13.5" cy="10" r="2.4"/><circle cx="-.5" cy="10" r="2.4"/></g><circle cx="10" cy="4" r="2.4" fill="#9a8a62"/><circle cx="6.5" cy="10" r="2.4" fill="#5a5f74"/></pattern>',
  ],
];

function skyDefs(id, stops) {
  const s = stops.map((c, i) => `<stop offset="${+(i / (stops.length - 1)).toFixed(2)}" stop-color="${c}"/>`).join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${s}</linearGradient>`;
}

function clouds(count, W, yMin, yMax, sMin, sMax, op = 0.8, color = '#fff') {
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = (W / count) * (i + rand(0.1, 0.7));
    const y = rand(yMin, yMax);
    const k = rand(sMin, sMax);
    s += cloud(x, y, k);
  }
  return s ? `<g fill="${color}" opacity="${op}">${s}</g>` : '';
}
function cloud(x, y, k) {
  // flat-bottomed cloud drawn as one path of arcs
  const w = 90 * k;
  const r1 = 16 * k;
  const r2 = 24 * k;
  const r3 = 14 * k;
  return `<path d="M${n(x)} ${n(y)}a${n(r1)} ${n(r1)} 0 0 1 ${n(r1 * 1.4)} ${n(-r1)}a${n(r2)} ${n(r2)} 0 0 1 ${n(r2 * 1.9)} ${n(-r1 * 0.4)}a${n(r3)} ${n(r3)} 0 0 1 ${n(w - r1 * 1.4 - r2 * 1.9)} ${n(r1 * 1.4)}z"/>`;
}

function hills(W, base, amp, color, bumps = 4) {
  let d = `M0 ${n(base)}`;
  const step = W / bumps;
  for (let i = 0; i < bumps; i++) {
    d += `Q${n(step * (i + 0.5))} ${n(base - amp * rand(0.4, 1))} ${n(step * (i + 1))} ${n(base - amp * rand(-0.1, 0.3))}`;
  }
  d += `V${n(base + 200)}H0z`;
  return path(color, d);
}

/** Scalloped silhouette (tree line, hedge) as a single compact path. */
function scallop(x0, x1, base, rMin, rMax, hMin, hMax, color, extra = '') {
  let y = base - rand(hMin, hMax);
  let d = `M${n(x0)} ${n(base)}V${n(y)}`;
  let x = x0;
  while (x < x1) {
    const dx = rand(rMin, rMax) * 1.6;
    const ny = base - rand(hMin, hMax);
    const r = Math.max(rand(rMin, rMax), Math.hypot(dx, ny - y) / 2 + 0.5);
    d += `a${n(r)} ${n(r)} 0 0 1 ${n(dx)} ${n(ny - y)}`;
    x += dx;
    y = ny;
  }
  return path(color, `${d}V${n(base)}z`, extra);
}

function treeline(W, base, h, color, r = 18) {
  return scallop(-r, W + r, base, r * 0.8, r * 1.2, h * 0.3, h, color);
}

/** Deciduous tree; s = canopy radius. */
function tree(x, base, s, pal, shadow = true) {
  const th = s * 1.25;
  const cy = base - th - s * 0.5;
  const [dark, light] = pal.trees ? pick(pal.trees) : pal;
  let out = shadow
    ? `<ellipse cx="${n(x)}" cy="${n(base)}" rx="${n(s * 1.1)}" ry="${n(s * 0.16)}" fill="#000" opacity=".12"/>`
    : '';
  out += path(
    pal.trunk ?? C.trunk,
    `M${n(x - s * 0.1)} ${n(base)}L${n(x - s * 0.06)} ${n(base - th)}L${n(x + s * 0.06)} ${n(base - th)}L${n(x + s * 0.1)} ${n(base)}z`,
  );
  out += `<g fill="${dark}">${circ(x, cy, s)}${circ(x - s * 0.62, cy + s * 0.3, s * 0.68)}${circ(x + s * 0.62, cy + s * 0.25, s * 0.7)}${circ(x + rand(-0.2, 0.2) * s, cy - s * 0.55, s * 0.7)}</g>`;
  out += `<g fill="${light}" opacity=".55">${circ(x - s * 0.3, cy - s * 0.35, s * 0.42)}${circ(x - s * 0.75, cy + s * 0.15, s * 0.28)}</g>`;
  return out;
}

/** Conifer; h = height. */
function pine(x, base, h, color, snow = false) {
  const w = h * 0.36;
  let d = '';
  let sd = '';
  for (let i = 0; i < 3; i++) {
    const top = base - h + i * h * 0.24;
    const bot = top + h * 0.42;
    const ww = w * (0.55 + i * 0.25);
    d += polyP([
      [x, top],
      [x + ww, bot],
      [x - ww, bot],
    ]);
    if (snow)
      sd += polyP([
        [x, top],
        [x + ww * 0.35, top + h * 0.14],
        [x, top + h * 0.11],
        [x - ww * 0.35, top + h * 0.14],
      ]);
  }
  return (
    path(C.trunk, rectP(x - h * 0.03, base - h * 0.12, h * 0.06, h * 0.12)) +
    path(color, d) +
    (snow ? path('#f7f9fb', sd) : '')
  );
}

function shrubs(x0, x1, base, r, color) {
  return scallop(x0 - r, x1 + r, base + 2, r * 0.6, r * 0.9, r * 0.9, r * 1.5, color);
}

function lamp(x, base, h, color = '#2f3540', glow = false, banner = false) {
  let s = glow ? `<circle cx="${n(x)}" cy="${n(base - h)}" r="${n(h * 0.45)}" fill="url(#gl)"/>` : '';
  if (banner)
    s +=
      path(
        C.maroon,
        `M${n(x + 1)} ${n(base - h * 0.86)}h${n(h * 0.2)}v${n(h * 0.36)}l${n(-h * 0.1)} ${n(-h * 0.06)}l${n(-h * 0.1)} ${n(h * 0.06)}z`,
      ) + path(C.gold, rectP(x + 1, base - h * 0.86, h * 0.2, h * 0.04));
  s += path(
    color,
    `${rectP(x - 1.5, base - h, 3, h)}${rectP(x - 4, base - 4, 8, 4)}${polyP([
      [x - 5, base - h],
      [x + 5, base - h],
      [x + 3.5, base - h - 10],
      [x - 3.5, base - h - 10],
    ])}${rectP(x - 2, base - h - 13, 4, 3)}`,
  );
  s += path(glow ? '#ffe3a3' : '#f3e6c4', rectP(x - 3, base - h - 8, 6, 7));
  return s;
}

// ------------------------------------------------------------- buildings

/**
 * Grid of windows inside a wall rectangle.
 * o: rows, cols, shape (rect|round|goth), top/bot/side paddings, fw/fh (fraction of cell), lit (0..1 probability)
 */
function windows(x, y, w, h, o) {
  const {
    rows,
    cols,
    shape = 'rect',
    top = 14,
    bot = 12,
    side = 14,
    fw = 0.5,
    fh = 0.62,
    lit = 0,
    glass = C.glass,
    litC = C.lit,
    trim = C.trim,
    mull = true,
    skip,
    frame = 2,
    wall,
    tex,
  } = o;
  const cw = (w - 2 * side) / cols;
  const rh = (h - top - bot) / rows;
  const ww = cw * fw;
  const wh = rh * fh;
  const ox = x + side;
  const oy = y + top;
  // one pattern tile = one window, so a whole facade costs a single rect
  const wx = (cw - ww) / 2;
  const wy = (rh - wh) / 2;
  let tile = frame ? path(trim, shapeP(shape, wx - frame, wy - frame, ww + frame * 2, wh + frame * 2 + 1.5)) : '';
  tile += path(glass, shapeP(shape, wx, wy, ww, wh));
  tile += path(
    '#fff',
    polyP([
      [wx, wy + wh * 0.55],
      [wx + ww * 0.55, wy],
      [wx + ww * 0.8, wy],
      [wx, wy + wh * 0.85],
    ]),
    ' opacity=".12"',
  );
  if (mull && ww >= 7) {
    const t = shape === 'rect' ? 0 : ww * 0.45;
    let M = `M${n(wx + ww / 2)} ${n(wy + t)}v${n(wh - t)}`;
    if (shape === 'rect' && wh > 12) M += `M${n(wx)} ${n(wy + wh * 0.45)}h${n(ww)}`;
    tile += `<path stroke="${trim}" stroke-width="1.3" d="${M}"/>`;
  }
  const id = `w${++patId}`;
  patDefs.push(
    `<pattern id="${id}" x="${n(ox)}" y="${n(oy)}" width="${n(cw)}" height="${n(rh)}" patternUnits="userSpaceOnUse">${tile}</pattern>`,
  );
  let s = path(`url(#${id})`, rectP(ox, oy, cw * cols, rh * rows));
  let L = '';
  let S = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cx = ox + c * cw;
      const cy = oy + r * rh;
      if (skip?.(r, c)) S += rectP(cx, cy, cw, rh);
      else if (lit && rnd() < lit) L += shapeP(shape, cx + wx, cy + wy, ww, wh);
    }
  }
  if (S) s += path(wall ?? C.brick, S) + (tex ? path(`url(#${tex})`, S) : '');
  return s + path(litC, L);
}

/** Roof / top treatment sitting on wall top y. */
function roofSvg(r, x, y, w) {
  const { type, h = 40, c = C.slate, band = C.stoneL, dormers = 0, dormerC = C.trim, chim = [], chimC = C.brickD } = r;
  let s = '';
  // chimneys first (behind roof)
  for (const f of chim)
    s += path(chimC, rectP(x + w * f - 6, y - h * 0.95, 12, h * 0.95) + rectP(x + w * f - 8, y - h * 0.95 - 4, 16, 5));
  switch (type) {
    case 'flat':
      s += path(band, rectP(x - 3, y - 7, w + 6, 8));
      break;
    case 'gable':
      s += path(
        c,
        polyP([
          [x - 6, y + 1],
          [x + w / 2, y - h],
          [x + w + 6, y + 1],
        ]),
      );
      break;
    case 'gablefront': {
      // wall-coloured gable end with a trim edge
      s += path(
        r.wall,
        polyP([
          [x, y + 1],
          [x + w / 2, y - h],
          [x + w, y + 1],
        ]),
      );
      s += `<path stroke="${band}" stroke-width="4" fill="none" stroke-linejoin="round" d="M${n(x - 4)} ${n(y + 3)}L${n(x + w / 2)} ${n(y - h - 2)}L${n(x + w + 4)} ${n(y + 3)}"/>`;
      if (r.oculus)
        s += path(
          C.glass,
          `M${n(x + w / 2 - 7)} ${n(y - h * 0.4)}a7 7 0 1 0 14 0a7 7 0 1 0-14 0z`,
          ` stroke="${band}" stroke-width="2"`,
        );
      break;
    }
    case 'hip':
      s += path(
        c,
        polyP([
          [x - 6, y + 1],
          [x + h * 0.9, y - h],
          [x + w - h * 0.9, y - h],
          [x + w + 6, y + 1],
        ]),
      );
      break;
    case 'mansard':
      s += path(
        c,
        polyP([
          [x - 4, y + 1],
          [x + 10, y - h],
          [x + w - 10, y - h],
          [x + w + 4, y + 1],
        ]),
      );
      s += path(band, rectP(x - 6, y - 3, w + 12, 5));
      break;
    case 'crenel': {
      let d = rectP(x - 3, y - 8, w + 6, 9);
      const k = Math.max(2, Math.round(w / 14));
      const step = (w + 6) / k;
      for (let i = 0; i < k; i++) d += rectP(x - 3 + i * step + step * 0.2, y - 16, step * 0.55, 9);
      s += path(band, d);
      break;
    }
    case 'spire':
      s += path(
        c,
        polyP([
          [x - 3, y + 1],
          [x + w / 2, y - h],
          [x + w + 3, y + 1],
        ]),
      );
      s += `<path stroke="${c}" stroke-width="2" d="M${n(x + w / 2)} ${n(y - h)}v-12"/>`;
      break;
    case 'pinnacles': {
      s += path(band, rectP(x - 4, y - 8, w + 8, 9));
      const pw = 9;
      for (const px of [x - 4, x + w - pw + 4])
        s += path(
          band,
          polyP([
            [px, y - 8],
            [px + pw / 2, y - h],
            [px + pw, y - 8],
          ]),
        );
      if (r.mid)
        s += path(
          c,
          polyP([
            [x + 6, y - 8],
            [x + w / 2, y - h * 1.3],
            [x + w - 6, y - 8],
          ]),
        );
      break;
    }
    default:
      break;
  }
  if (dormers) {
    const span = type === 'hip' ? w - h * 2 : type === 'mansard' ? w - 30 : w * 0.5;
    const start = x + (w - span) / 2;
    let D = '';
    let G = '';
    for (let i = 0; i < dormers; i++) {
      const cx = start + (span / dormers) * (i + 0.5);
      const dw = 18;
      const dh = h * 0.5;
      const by = y - h * 0.2;
      D +=
        rectP(cx - dw / 2, by - dh, dw, dh) +
        polyP([
          [cx - dw / 2 - 3, by - dh],
          [cx, by - dh - 10],
          [cx + dw / 2 + 3, by - dh],
        ]);
      G += rectP(cx - 5, by - dh + 4, 10, dh - 7);
    }
    s += path(dormerC, D) + path(C.glass, G);
  }
  return s;
}

/**
 * One building volume. base = ground y.
 * m: { x, w, h, base, wall, tex, win, roof, band, shade, door }
 */
function mass(m) {
  const { x, w, h, base, wall, tex, win, roof, bands = [], door, shade } = m;
  const y = base - h;
  let s = '';
  if (roof) s += roofSvg({ wall, ...roof }, x, y, w);
  s += path(wall, rectP(x, y, w, h));
  if (tex) s += path(`url(#${tex})`, rectP(x, y, w, h));
  if (shade) s += path('#000', rectP(x + w - shade, y, shade, h), ' opacity=".08"');
  for (const b of bands) s += path(b.c ?? C.stoneL, rectP(x - 2, y + b.y, w + 4, b.h ?? 4));
  if (win) s += windows(x, y, w, h, { wall, tex, ...win });
  if (door) s += doorSvg(x + w * (door.at ?? 0.5), base, door);
  return s;
}

function doorSvg(cx, base, o) {
  const { w = 26, h = 40, shape = 'round', c = C.door, surround = C.stoneL, steps = true, lit = false } = o;
  let s = path(surround, shapeP(shape, cx - w / 2 - 5, base - h - 5, w + 10, h + 5));
  s += path(lit ? C.lit : c, shapeP(shape, cx - w / 2, base - h, w, h));
  s += `<path stroke="${surround}" stroke-width="1.5" d="M${n(cx)} ${n(base - h + w * 0.45)}V${n(base)}"/>`;
  if (steps) s += path(C.stoneD, rectP(cx - w / 2 - 10, base - 3, w + 20, 4));
  return s;
}

function ivy(x, y, w, h, color = '#4f7f43') {
  // climbing tongues of ivy, tallest in the middle of the patch
  let d = '';
  let leaves = '';
  for (let vx = x; vx < x + w - 10; vx += rand(9, 13)) {
    const t = (vx - x) / w;
    const vh = h * (0.35 + 0.65 * Math.sin(Math.PI * t)) * rand(0.7, 1);
    d += roundP(vx, y + h - vh, 16, vh);
    leaves += circ(vx + rand(0, 16), y + h - vh * rand(0.2, 0.9), rand(2.5, 4));
  }
  return `${path(color, d)}<g fill="#6f9c57">${leaves}</g>`;
}

// ------------------------------------------------------------- dorm cards

const W = 640;
const H = 400;
const G = 318;

function dormCard({
  key,
  title,
  sky = 'day',
  season = 'summer',
  build,
  sun = true,
  cloudN = 3,
  path: walk = true,
  trees = {},
}) {
  seed(key);
  PREC = 1;
  const pal = SEASONS[season];
  const sk = SKIES[sky];
  let s = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  if (sun) {
    const sx = rnd() < 0.5 ? rand(60, 150) : rand(490, 580);
    const sy = rand(50, 90);
    s += `<g fill="#fff6dc"><circle cx="${n(sx)}" cy="${n(sy)}" r="34" opacity=".25"/><circle cx="${n(sx)}" cy="${n(sy)}" r="20" opacity=".9"/></g>`;
  }
  s += clouds(cloudN, W, 40, 120, 0.6, 1.1, 0.75);
  s += hills(W, G - 18, 40, pal.hill, 3);
  s += treeline(W, G - 4, 44, mix(pal.hill, pal.trees[0][0], 0.35), 22);
  const b = build(pal);
  s += b.svg;
  // lawn
  s += path(pal.grass, rectP(0, G, W, H - G));
  s += path(pal.grassD, `M0 ${G + 24}Q${W / 2} ${G + 6} ${W} ${G + 30}V${H}H0z`);
  if (walk) {
    const cx = b.door ?? W / 2;
    s += path(
      C.path,
      `M${n(cx - 16)} ${G}L${n(cx + 16)} ${G}Q${n(cx + 30)} ${G + 40} ${n(cx + 90)} ${H}H${n(cx - 90)}Q${n(cx - 30)} ${G + 40} ${n(cx - 16)} ${G}z`,
    );
    s += path(
      C.path,
      `M0 ${G + 46}Q${n(cx - 60)} ${G + 30} ${n(cx - 30)} ${G + 40}L${n(cx - 22)} ${G + 52}Q${n(cx - 80)} ${G + 46} 0 ${G + 62}z`,
    );
  }
  if (b.shrubs !== false) s += shrubs(b.x0 ?? 150, b.x1 ?? 490, G + 2, 11, pal.shrub);
  if (b.fg) s += b.fg;
  // framing trees, jittered per dorm so no two cards share a silhouette
  const lt = trees.left ?? [[rand(26, 56), rand(56, 70)], ...(rnd() < 0.7 ? [[rand(108, 128), rand(32, 44)]] : [])];
  const rt = trees.right ?? [[rand(584, 614), rand(56, 70)], ...(rnd() < 0.7 ? [[rand(512, 532), rand(32, 44)]] : [])];
  for (const [x, r] of [...lt, ...rt]) s += tree(x, G + 22 + r * 0.2, r, pal);
  if (trees.lamps !== false)
    s +=
      lamp(b.door ? b.door - 70 : 250, G + 26, 46, undefined, false, true) +
      lamp(b.door ? b.door + 70 : 390, G + 26, 46, undefined, false, true);
  const svg = svgDoc(W, H, title, s, skyDefs('sky', sk));
  PREC = 10;
  return { file: `dorms/${key.toLowerCase()}.svg`, svg };
}

function mix(a, b, t) {
  const pa = a.match(/\w\w/g).map((h) => parseInt(h, 16));
  const pb = b.match(/\w\w/g).map((h) => parseInt(h, 16));
  return `#${pa
    .map((v, i) =>
      Math.round(v + (pb[i] - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const DORMS = [
  {
    key: 'Gabelli',
    title: 'Gabelli Hall',
    sky: 'day',
    season: 'summer',
    build: () => {
      // stepped brick townhouse blocks with front gables
      let s = '';
      const blocks = [
        [150, 110, 150, 'gablefront'],
        [255, 130, 175, 'gablefront'],
        [380, 110, 150, 'gablefront'],
      ];
      s += mass({ x: 175, w: 290, h: 130, base: G, wall: C.brickD, tex: 'bk', roof: { type: 'flat', band: C.stoneD } });
      for (const [x, w, h, type] of blocks) {
        s += mass({
          x,
          w,
          h,
          base: G,
          wall: C.brick,
          tex: 'bk',
          roof: { type, h: 42, band: C.trim, oculus: true },
          bands: [{ y: 0, h: 5, c: C.trim }],
          win: { rows: 4, cols: 3, top: 12, bot: 46, fw: 0.46, fh: 0.6 },
          shade: 8,
        });
      }
      s += doorSvg(320, G, { w: 30, h: 40 });
      return { svg: s, door: 320, x0: 150, x1: 490 };
    },
  },
  {
    key: 'Ignacio',
    title: 'Ignacio Hall',
    sky: 'morning',
    season: 'autumn',
    build: () => {
      let s = '';
      s += mass({
        x: 130,
        w: 190,
        h: 150,
        base: G,
        wall: C.brickD,
        tex: 'bk',
        roof: { type: 'flat', band: C.stone },
        bands: [
          { y: 46, h: 3 },
          { y: 96, h: 3 },
        ],
        win: { rows: 5, cols: 5, fw: 0.45, top: 10, bot: 14 },
      });
      s += mass({
        x: 330,
        w: 190,
        h: 150,
        base: G,
        wall: C.brickD,
        tex: 'bk',
        roof: { type: 'flat', band: C.stone },
        bands: [
          { y: 46, h: 3 },
          { y: 96, h: 3 },
        ],
        win: { rows: 5, cols: 5, fw: 0.45, top: 10, bot: 14 },
      });
      s += mass({
        x: 290,
        w: 60,
        h: 205,
        base: G,
        wall: C.brick,
        tex: 'bk',
        roof: { type: 'spire', h: 46, c: C.copper },
        bands: [{ y: 0, h: 6, c: C.stone }],
        win: { rows: 6, cols: 1, fw: 0.4, top: 16, bot: 50, shape: 'round' },
        door: { w: 26, h: 38, c: C.maroon },
      });
      return { svg: s, door: 320, x0: 130, x1: 520 };
    },
  },
  {
    key: 'Modulars',
    title: 'The Mods (Modular Apartments)',
    sky: 'golden',
    season: 'summer',
    cloudN: 2,
    trees: { left: [[30, 54]], right: [[614, 52]], lamps: false },
    path: false,
    build: () => {
      let s = '';
      // stadium light mast peeking over the Mods
      s += path('#8c8f9a', `${rectP(478, 96, 5, G - 96)}${rectP(452, 78, 56, 22)}`);
      let bulbs = '';
      for (let r = 0; r < 2; r++) for (let c = 0; c < 4; c++) bulbs += rectP(456 + c * 13, 82 + r * 9, 10, 6);
      s += path('#fdf3d6', bulbs);
      const cols = ['#c9c0a6', '#a9b7bd', '#d6cdb6', '#b7c2b0'];
      let fg = '';
      let x = 62;
      for (let i = 0; i < 4; i++) {
        const w = 118;
        const h = 92;
        s += mass({
          x,
          w,
          h,
          base: G - 8,
          wall: cols[i],
          tex: 'cb',
          roof: { type: 'flat', band: '#7d786e' },
          shade: 6,
        });
        s += windows(x + 46, G - 8 - h, 72, h, {
          rows: 1,
          cols: 2,
          fw: 0.62,
          fh: 0.5,
          top: 16,
          bot: 20,
          side: 4,
          lit: 0.3,
        });
        s += path(C.door, rectP(x + 14, G - 64, 24, 56));
        s += path('#9b9385', rectP(x, G - 8, w, 8));
        // deck with railing and a folding chair
        fg += path('#9a7b5c', rectP(x - 4, G - 2, w + 8, 6));
        let rail = `M${x - 2} ${G - 20}h${w + 4}`;
        for (let k = 0; k <= 8; k++) rail += `M${n(x - 2 + (k * (w + 4)) / 8)} ${G - 20}v18`;
        fg += `<path stroke="#8a6c4f" stroke-width="2" fill="none" d="${rail}"/>`;
        fg += path(i % 2 ? C.maroon : C.gold, `M${x + 60} ${G - 16}h16l-3 14h-2l1-6h-8l-2 6h-2z`);
        x += w + 14;
      }
      // string lights along the row
      let d = 'M62 216';
      let glow = '';
      for (let k = 0; k < 4; k++) {
        const x0 = 62 + k * 132;
        d += `Q${x0 + 66} 240 ${x0 + 132} 216`;
        for (let j = 1; j < 6; j++) {
          const t = j / 6;
          glow += circ(x0 + t * 132, 216 + 2 * t * (1 - t) * 24, 2.4);
        }
      }
      s += `<path stroke="#4a4038" stroke-width="1" fill="none" d="${d}"/><g fill="#ffe39a">${glow}</g>`;
      // cookout on the lawn
      fg += path(
        '#6e5542',
        `${rectP(250, G + 40, 74, 6)}${rectP(258, G + 46, 5, 18)}${rectP(312, G + 46, 5, 18)}${rectP(244, G + 52, 86, 5)}`,
      );
      fg += path('#2f2f33', `M360 ${G + 38}a15 10 0 0 0 30 0z${rectP(374, G + 46, 2, 18)}M366 ${G + 64}l9-10l9 10z`);
      fg += `<path stroke="#fff" stroke-opacity=".6" stroke-width="2" fill="none" d="M368 ${G + 30}q-4-8 2-14M378 ${G + 28}q-4-8 2-14"/>`;
      return { svg: s, fg, shrubs: false, x0: 62, x1: 580, door: 320 };
    },
  },
  {
    key: 'Ninety-St-Thomas-More',
    title: 'Ninety St. Thomas More Hall',
    sky: 'soft',
    season: 'summer',
    build: () => {
      let s = '';
      const stone = { wall: C.stone, tex: 'st', base: G };
      s += mass({
        ...stone,
        x: 120,
        w: 150,
        h: 150,
        wall: C.stoneD,
        roof: { type: 'gable', h: 46, dormers: 2, dormerC: C.stoneL },
        win: { rows: 4, cols: 4, fw: 0.42, shape: 'goth', top: 12 },
      });
      s += mass({
        ...stone,
        x: 370,
        w: 150,
        h: 150,
        wall: C.stoneD,
        roof: { type: 'gable', h: 46, dormers: 2, dormerC: C.stoneL },
        win: { rows: 4, cols: 4, fw: 0.42, shape: 'goth', top: 12 },
      });
      // central glass bay between stone piers
      s += mass({ ...stone, x: 250, w: 140, h: 175, roof: { type: 'gablefront', h: 50, band: C.stoneL } });
      const g = rectP(266, G - 160, 108, 150);
      s += path(C.glassD, g);
      let m = '';
      for (let i = 1; i < 6; i++) m += `M${266 + i * 18} ${G - 160}v150`;
      for (let j = 1; j < 6; j++) m += `M266 ${G - 160 + j * 25}h108`;
      s += path('#7fa0b8', `M266 ${G - 160}h50L266 ${G - 60}z`, ' opacity=".6"');
      s += `<path stroke="${C.stoneL}" stroke-width="2" fill="none" d="${m}"/>`;
      s += doorSvg(320, G, { w: 36, h: 34, shape: 'rect', c: '#2f4357', surround: C.stoneL });
      return { svg: s, door: 320, x0: 120, x1: 520 };
    },
  },
  {
    key: 'Reservoir',
    title: '2000 Commonwealth Avenue (Reservoir)',
    sky: 'late',
    season: 'summer',
    trees: {
      left: [
        [46, 60],
        [130, 34],
      ],
      right: [
        [596, 58],
        [512, 36],
      ],
    },
    build: () => {
      let s = '';
      const x = 230;
      const w = 180;
      const h = 226;
      s += mass({
        x: 210,
        w: 220,
        h: 40,
        base: G,
        wall: C.concD,
        roof: { type: 'flat', band: '#c3bdb1' },
        win: { rows: 1, cols: 6, fw: 0.7, fh: 0.6, top: 6, bot: 8, lit: 0 },
      });
      s += path(C.concD, rectP(x + w / 2 - 24, G - h - 22, 48, 24));
      s += mass({ x, w, h, base: G - 40, wall: C.conc, roof: { type: 'flat', band: '#c3bdb1' }, shade: 26 });
      // floor bands with balconies
      let bands = '';
      let glass = '';
      const floors = 12;
      const fh = (h - 10) / floors;
      for (let f = 0; f < floors; f++) {
        const y = G - 40 - h + 8 + f * fh;
        glass += rectP(x + 10, y + 3, w - 20, fh - 8);
        bands += rectP(x - 4, y + fh - 5, w + 8, 4);
      }
      s += path(C.glass, glass);
      let mul = '';
      for (let i = 1; i < 8; i++) mul += `M${n(x + 10 + (i * (w - 20)) / 8)} ${G - 40 - h + 8}v${h - 14}`;
      s += `<path stroke="${C.conc}" stroke-width="3" d="${mul}"/>`;
      s += path('#e4dfd5', bands);
      s += path('#000', rectP(x + w - 26, G - 40 - h, 26, h), ' opacity=".07"');
      s += doorSvg(320, G, { w: 50, h: 30, shape: 'rect', c: C.glassD, surround: '#c3bdb1' });
      return { svg: s, door: 320, x0: 200, x1: 440 };
    },
  },
  {
    key: 'Rubenstein',
    title: 'Rubenstein Hall',
    sky: 'day',
    season: 'summer',
    build: () => {
      let s = '';
      s += mass({
        x: 140,
        w: 360,
        h: 200,
        base: G,
        wall: C.brick,
        tex: 'bk',
        roof: { type: 'flat', band: C.concD },
        win: { rows: 7, cols: 9, fw: 0.48, fh: 0.58, top: 10, bot: 12, side: 12 },
      });
      for (const tx of [200, 404]) {
        s += mass({
          x: tx,
          w: 36,
          h: 224,
          base: G,
          wall: C.brickD,
          tex: 'bk',
          roof: { type: 'flat', band: C.concD },
          win: { rows: 7, cols: 1, fw: 0.3, fh: 0.75, top: 30, bot: 12, side: 4, mull: false },
        });
      }
      s += path(C.concD, rectP(276, G - 52, 88, 6));
      s += doorSvg(320, G, { w: 60, h: 40, shape: 'rect', c: C.glassD, surround: C.concD });
      return { svg: s, door: 320, x0: 140, x1: 500 };
    },
  },
  {
    key: 'Stayer',
    title: 'Stayer Hall',
    sky: 'morning',
    season: 'spring',
    build: () => {
      let s = '';
      const st = { wall: C.stone, tex: 'st', base: G };
      s += mass({
        ...st,
        x: 120,
        w: 400,
        h: 140,
        wall: C.stoneD,
        roof: { type: 'gable', h: 36, c: C.slate },
        win: { rows: 4, cols: 10, fw: 0.42, shape: 'goth', top: 12, bot: 14, side: 10 },
      });
      for (const bx of [150, 430]) {
        s += mass({
          ...st,
          x: bx,
          w: 60,
          h: 150,
          roof: { type: 'gablefront', h: 40, band: C.stoneL },
          win: { rows: 3, cols: 1, fw: 0.5, fh: 0.72, shape: 'goth', top: 16, bot: 10 },
        });
      }
      s += mass({
        ...st,
        x: 292,
        w: 56,
        h: 220,
        roof: { type: 'pinnacles', h: 30, mid: true, band: C.stoneL },
        win: { rows: 3, cols: 1, fw: 0.5, fh: 0.7, shape: 'goth', top: 14, bot: 70 },
        door: { w: 28, h: 44, shape: 'goth', c: C.maroon },
      });
      return { svg: s, door: 320, x0: 120, x1: 520 };
    },
  },
  {
    key: 'Thomas-More',
    title: 'Thomas More Apartments',
    sky: 'golden',
    season: 'autumn',
    build: () => {
      let s = '';
      for (const [bx, bw] of [
        [110, 200],
        [330, 200],
      ]) {
        s += mass({
          x: bx,
          w: bw,
          h: 118,
          base: G,
          wall: C.brickL,
          tex: 'bk',
          roof: { type: 'flat', band: C.trim },
          win: { rows: 3, cols: 4, fw: 0.52, fh: 0.55, top: 8, bot: 6, lit: 0.25 },
        });
        // balconies
        let rail = '';
        let slab = '';
        for (let f = 0; f < 3; f++) {
          const y = G - 118 + 8 + (f + 1) * 34.7 - 6;
          for (let c = 0; c < 4; c += 3) {
            const wx = bx + 14 + c * ((bw - 28) / 4) + 2;
            slab += rectP(wx, y, (bw - 28) / 4 - 4, 3);
            rail += `M${n(wx)} ${n(y - 10)}h${n((bw - 28) / 4 - 4)}`;
            for (let k = 0; k <= 5; k++) rail += `M${n(wx + (k * ((bw - 28) / 4 - 4)) / 5)} ${n(y - 10)}v10`;
          }
        }
        s += `${path('#6e5b4a', slab)}<path stroke="#3f3a36" stroke-width="1.2" fill="none" d="${rail}"/>`;
      }
      // connecting walkway
      s += mass({
        x: 300,
        w: 40,
        h: 60,
        base: G,
        wall: C.brickD,
        tex: 'bk',
        roof: { type: 'flat', band: C.trim },
        door: { w: 24, h: 36, c: C.door, steps: false },
      });
      return { svg: s, door: 320, x0: 110, x1: 530 };
    },
  },
  {
    key: 'Vanderslice',
    title: 'Vanderslice Hall',
    sky: 'day',
    season: 'summer',
    build: () => {
      let s = '';
      s += mass({
        x: 110,
        w: 420,
        h: 186,
        base: G,
        wall: C.brick,
        tex: 'bk',
        roof: { type: 'flat', band: C.stone },
        bands: [{ y: 126, h: 6, c: C.stone }],
        win: { rows: 5, cols: 12, fw: 0.5, fh: 0.6, top: 10, bot: 64, side: 8 },
      });
      // glassy commons at the base with round arches
      let arches = '';
      for (let i = 0; i < 7; i++) arches += roundP(150 + i * 50, G - 50, 36, 50);
      s += path(C.stone, rectP(130, G - 56, 380, 56));
      s += path(C.glassD, arches);
      let m = '';
      for (let i = 0; i < 7; i++) m += `M${168 + i * 50} ${G - 50}v50M${150 + i * 50} ${G - 26}h36`;
      s += `<path stroke="${C.stoneL}" stroke-width="1.5" d="${m}"/>`;
      s += path(C.lit, `${roundP(300, G - 50, 36, 50)}`, ' opacity=".55"');
      // rooftop mechanical + flag-like pennant in gold
      s += path(C.concD, rectP(260, G - 206, 120, 14));
      return { svg: s, door: 318, x0: 110, x1: 530 };
    },
  },
  {
    key: 'Voute',
    title: 'Voute Hall',
    sky: 'late',
    season: 'autumn',
    build: () => {
      let s = '';
      s += mass({
        x: 120,
        w: 400,
        h: 150,
        base: G,
        wall: C.brickD,
        tex: 'bk',
        roof: { type: 'hip', h: 40, dormers: 6, dormerC: C.trim },
        bands: [{ y: 0, h: 5, c: C.trim }],
        win: { rows: 4, cols: 11, fw: 0.46, fh: 0.6, top: 10, bot: 14, side: 10, skip: (_r, c) => c === 5 },
      });
      // central arched gateway + clock gable
      s += mass({
        x: 280,
        w: 80,
        h: 178,
        base: G,
        wall: C.brick,
        tex: 'bk',
        roof: { type: 'gablefront', h: 36, band: C.trim },
        win: { rows: 2, cols: 1, fw: 0.45, fh: 0.6, top: 16, bot: 84 },
      });
      s += path(C.trim, `M307 ${G - 150}a13 13 0 1 0 26 0a13 13 0 1 0-26 0z`);
      s += `<path stroke="#3b3330" stroke-width="2" stroke-linecap="round" fill="none" d="M320 ${G - 150}v-8M320 ${G - 150}l6 3"/>`;
      s += path(C.trim, roundP(290, G - 70, 60, 70));
      s += path('#4a3a33', roundP(296, G - 64, 48, 64));
      s += path(SEASONS.autumn.grass, rectP(300, G - 26, 40, 26), ' opacity=".8"');
      return { svg: s, door: 320, x0: 120, x1: 520 };
    },
  },
  {
    key: 'Walsh',
    title: 'Walsh Hall',
    sky: 'soft',
    season: 'summer',
    build: () => {
      let s = '';
      s += mass({
        x: 110,
        w: 150,
        h: 170,
        base: G,
        wall: C.brickD,
        tex: 'bk',
        roof: { type: 'flat', band: C.conc },
        win: { rows: 6, cols: 4, fw: 0.5, fh: 0.55, top: 8, bot: 10, side: 8 },
      });
      s += mass({
        x: 380,
        w: 150,
        h: 170,
        base: G,
        wall: C.brickD,
        tex: 'bk',
        roof: { type: 'flat', band: C.conc },
        win: { rows: 6, cols: 4, fw: 0.5, fh: 0.55, top: 8, bot: 10, side: 8 },
      });
      const x = 220;
      const w = 200;
      const h = 236;
      s += mass({ x, w, h, base: G, wall: C.brick, tex: 'bk', roof: { type: 'flat', band: C.conc } });
      let b = '';
      for (let f = 1; f < 8; f++) b += rectP(x, G - h + f * 29, w, 5);
      s += path(C.conc, b);
      s += windows(x, G - h, w, h, { rows: 8, cols: 6, fw: 0.55, fh: 0.5, top: 6, bot: 4, side: 8 });
      s += path(C.conc, rectP(x + w / 2 - 18, G - h - 18, 36, 18));
      s += doorSvg(320, G, { w: 44, h: 30, shape: 'rect', c: C.glassD, surround: C.conc });
      return { svg: s, door: 320, x0: 110, x1: 530 };
    },
  },
  {
    key: '66',
    title: '66 Commonwealth Avenue',
    sky: 'golden',
    season: 'autumn',
    build: () => {
      let s = '';
      // cupola
      s += path(
        C.trim,
        rectP(306, G - 236, 28, 30) +
          polyP([
            [300, G - 236],
            [320, G - 262],
            [340, G - 236],
          ]),
      );
      s += path(
        C.copper,
        polyP([
          [302, G - 236],
          [320, G - 260],
          [338, G - 236],
        ]),
      );
      s += path(C.glassD, roundP(314, G - 230, 12, 20));
      s += `<path stroke="${C.slateD}" stroke-width="2" d="M320 ${G - 260}v-14"/>`;
      s += mass({
        x: 130,
        w: 380,
        h: 150,
        base: G,
        wall: C.brick,
        tex: 'bk',
        roof: { type: 'hip', h: 56, c: C.slate, dormers: 5, chim: [0.12, 0.88] },
        bands: [
          { y: 0, h: 6, c: C.trim },
          { y: 48, h: 3, c: C.trim },
        ],
        win: { rows: 3, cols: 9, fw: 0.42, fh: 0.66, top: 10, bot: 10, lit: 0.3, skip: (r, c) => c === 4 && r === 2 },
      });
      // portico
      s += path(
        C.trim,
        `${polyP([
          [284, G - 76],
          [320, G - 100],
          [356, G - 76],
        ])}${rectP(282, G - 78, 76, 6)}`,
      );
      let cols = '';
      for (let i = 0; i < 4; i++) cols += rectP(288 + i * 20, G - 72, 6, 72);
      s += path(C.trim, cols);
      s += path(C.door, roundP(310, G - 50, 20, 50));
      s += path(C.stoneD, rectP(276, G - 4, 88, 5));
      return { svg: s, door: 320, x0: 130, x1: 510 };
    },
  },
  {
    key: 'Roncalli',
    title: 'Roncalli Hall',
    sky: 'morning',
    season: 'summer',
    trees: { left: [[52, 64]], right: [[590, 64]] },
    build: (_pal) => {
      let s = '';
      s += mass({
        x: 130,
        w: 380,
        h: 130,
        base: G,
        wall: C.brickL,
        tex: 'bk',
        roof: { type: 'gable', h: 58, c: C.slateD, chim: [0.25, 0.75] },
        bands: [{ y: 0, h: 5, c: C.stone }],
        win: { rows: 4, cols: 10, fw: 0.5, fh: 0.6, top: 10, bot: 10, side: 10 },
      });
      s += mass({
        x: 280,
        w: 80,
        h: 160,
        base: G,
        wall: C.stone,
        tex: 'st',
        roof: { type: 'crenel', band: C.stoneL },
        win: { rows: 2, cols: 1, fw: 0.5, fh: 0.7, shape: 'goth', top: 12, bot: 62 },
        door: { w: 30, h: 44, shape: 'goth', c: C.maroon },
      });
      s += pine(96, G + 10, 120, '#3e6a4c') + pine(548, G + 10, 110, '#3e6a4c');
      return { svg: s, door: 320, x0: 130, x1: 510 };
    },
  },
  {
    key: 'Welch',
    title: 'Welch Hall',
    sky: 'day',
    season: 'summer',
    build: () => {
      let s = '';
      s += mass({
        x: 120,
        w: 400,
        h: 140,
        base: G,
        wall: C.brick,
        tex: 'bk',
        roof: { type: 'crenel', band: C.stone },
        bands: [
          { y: 32, h: 3, c: C.stone },
          { y: 68, h: 3, c: C.stone },
          { y: 104, h: 3, c: C.stone },
        ],
        win: { rows: 4, cols: 11, fw: 0.42, fh: 0.6, top: 2, bot: 0, side: 10, skip: (_r, c) => c === 5 },
      });
      s += ivy(196, G - 120, 80, 120, '#3c6a3e') + ivy(362, G - 96, 70, 96, '#3c6a3e');
      s += mass({
        x: 286,
        w: 68,
        h: 180,
        base: G,
        wall: C.stone,
        tex: 'st',
        roof: { type: 'pinnacles', h: 26, band: C.stoneL },
        win: { rows: 1, cols: 1, fw: 0.6, fh: 0.8, shape: 'goth', top: 18, bot: 74 },
        door: { w: 26, h: 40, shape: 'goth', c: C.door },
      });
      let tr = '';
      tr += `M320 ${G - 162}v66M300 ${G - 130}h40`;
      s += `<path stroke="${C.stoneL}" stroke-width="2" d="${tr}"/>`;
      return { svg: s, door: 320, x0: 120, x1: 520 };
    },
  },
];

// ------------------------------------------------------------ off-campus

function offCampus() {
  seed('off-campus');
  PREC = 1;
  const pal = SEASONS.summer;
  const SG = 300;
  let s = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  s += clouds(3, W, 40, 100, 0.6, 1, 0.75);
  s += treeline(W, SG - 10, 40, '#9fb89a', 16);
  const houses = [
    [40, '#a9b89a', '#6f8466'],
    [230, '#d7b56d', '#a98945'],
    [420, '#8fa5b8', '#62788c'],
  ];
  for (const [x, wall, accent] of houses) {
    const w = 170;
    const h = 200;
    const y = SG - h;
    s += path(wall, rectP(x, y, w, h)) + path('url(#cb)', rectP(x, y, w, h));
    s += path(C.trim, rectP(x - 6, y - 12, w + 12, 14) + rectP(x - 2, y + 2, w + 4, 4));
    // bay column with windows
    s += path(accent, rectP(x + 96, y + 10, 64, h - 10), ' opacity=".35"');
    s += windows(x + 96, y, 64, h, { rows: 3, cols: 2, fw: 0.56, fh: 0.5, top: 14, bot: 8, side: 4 });
    // stacked porches on the left
    let posts = '';
    let floors = '';
    for (let f = 0; f < 3; f++) {
      const fy = y + 8 + f * 64;
      floors += rectP(x + 2, fy + 60, 90, 5);
      posts += `M${x + 6} ${fy}v60M${x + 88} ${fy}v60M${x + 6} ${fy + 44}h82`;
      for (let k = 1; k < 9; k++) posts += `M${x + 6 + k * 9.1} ${fy + 44}v16`;
    }
    s += windows(x + 10, y, 80, h, { rows: 3, cols: 1, fw: 0.36, fh: 0.48, top: 12, bot: 12, side: 30, lit: 0.34 });
    s += `${path(C.trim, floors)}<path stroke="${C.trim}" stroke-width="2.5" fill="none" d="${posts}"/>`;
    s += path(C.door, rectP(x + 38, SG - 44, 22, 44));
    s += path(C.stoneD, rectP(x + 30, SG - 2, 38, 4));
  }
  // utility pole + wires
  s += path('#6b5a4a', rectP(214, 60, 6, SG - 54) + rectP(196, 76, 42, 4));
  s += `<path stroke="#3a3a40" stroke-width="1.2" fill="none" d="M0 90Q110 104 200 78Q330 100 417 86Q530 104 640 88"/>`;
  // sidewalk, curb, street
  s += path('#d8d3c8', rectP(0, SG, W, 28));
  s += path('#bdb7ab', rectP(0, SG + 28, W, 5));
  s += path('#6d7078', rectP(0, SG + 33, W, H - SG - 33));
  s += `<path stroke="#e7e1cf" stroke-width="4" stroke-dasharray="26 22" d="M0 ${SG + 78}h640"/>`;
  // parked car
  s += path('#000', `M350 ${SG + 64}h196v6h-196z`, ' opacity=".15"');
  s += path('#7e1a14', `M356 ${SG + 62}v-16q0-10 12-11l22-3l18-20q4-4 10-4h56q6 0 10 4l20 20l24 3q12 2 12 12v15z`);
  s += path('#c7d6e0', `M396 ${SG + 32}l15-17q2-2 5-2h24v19zM446 ${SG + 32}v-19h26q4 0 7 3l16 16z`);
  s += path('#f3e6c4', rectP(530, SG + 40, 8, 5));
  s += path(
    '#2c2c30',
    `M370 ${SG + 62}a14 14 0 1 0 28 0a14 14 0 1 0-28 0zM496 ${SG + 62}a14 14 0 1 0 28 0a14 14 0 1 0-28 0z`,
  );
  s += path('#9a9aa2', `M378 ${SG + 62}a6 6 0 1 0 12 0a6 6 0 1 0-12 0zM504 ${SG + 62}a6 6 0 1 0 12 0a6 6 0 1 0-12 0z`);
  // hydrant + street tree
  s += path('#b33a2a', rectP(150, SG + 4, 10, 18) + rectP(146, SG + 8, 18, 4) + roundP(150, SG, 10, 8));
  s += tree(600, SG + 20, 46, pal);
  s += tree(24, SG + 18, 34, pal);
  const svg = svgDoc(W, H, 'Off-campus housing near Boston College', s, skyDefs('sky', SKIES.soft));
  PREC = 10;
  return { file: 'off-campus.svg', svg };
}

// --------------------------------------------------------------- the logo

function logo() {
  const mark = (ox = 0) => {
    const o = (x) => x + ox;
    let s = `<rect x="${o(0)}" width="48" height="48" rx="11" fill="${C.maroon}"/>`;
    // chimney + house
    s += path(C.gold, rectP(o(31), 9, 5, 9));
    s += path(C.gold, `M${o(24)} 7L${o(41)} 21V40H${o(7)}V21z`);
    // four windows, each with a little resident
    let win = '';
    let ppl = '';
    for (const [wx, wy] of [
      [12, 20],
      [26, 20],
      [12, 30],
      [26, 30],
    ]) {
      win += rectP(o(wx), wy, 10, 8);
      ppl += `M${o(wx + 5)} ${wy + 2}m-1.8 0a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0-3.6 0zM${o(wx + 1.8)} ${wy + 8}q0-3.6 3.2-3.6q3.2 0 3.2 3.6z`;
    }
    s += path('#f6efe0', win) + path(C.maroon, ppl);
    return s;
  };
  const compact = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" role="img" aria-labelledby="t"><title id="t">Quadmates</title>${mark()}</svg>\n`;
  const full =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 48" role="img" aria-labelledby="t"><title id="t">Quadmates</title>${mark()}` +
    `<text x="58" y="32" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" font-size="22" font-weight="700" textLength="136" lengthAdjust="spacing"><tspan fill="${C.maroon}">Quad</tspan><tspan fill="${C.gold}">mates</tspan></text></svg>\n`;
  return [
    { file: 'logo.svg', svg: compact },
    { file: 'logo-full.svg', svg: full },
  ];
}

// ------------------------------------------------------ landing backdrops

const LW = 1600;
const LH = 900;

function stars(count, yMax) {
  let s = '';
  for (let i = 0; i < count; i++) s += circ(rand(0, LW), yMax * rnd() ** 1.6, rand(0.8, 2));
  return `<g fill="#fff" opacity=".7">${s}</g>`;
}

function crescent(x, y, r, color) {
  return path(
    color,
    `M${n(x)} ${n(y - r)}a${n(r)} ${n(r)} 0 1 0 0 ${n(2 * r)}a${n(r * 0.78)} ${n(r)} 0 1 1 0 ${n(-2 * r)}z`,
  );
}

const glowAt = (x, y, r, op) =>
  `<circle cx="${n(x)}" cy="${n(y)}"${op ? ` opacity="${op}"` : ''} r="${n(r)}" fill="url(#gl)"/>`;

/** Flat figure walking; dir 1 = facing right. */
function person(x, base, h, o = {}) {
  const {
    shirt = '#3d4a5c',
    pants = '#2c3240',
    skin = '#c99a78',
    hair = '#3a2a22',
    dir = 1,
    stride = 0.6,
    bag,
    silhouette,
  } = o;
  const sh = silhouette ?? shirt;
  const pa = silhouette ?? pants;
  const sk = silhouette ?? skin;
  const ha = silhouette ?? hair;
  const u = h / 100;
  const hipY = base - 47 * u;
  const shY = base - 80 * u;
  const st = stride * 14 * u;
  let s = `<path stroke="${pa}" stroke-width="${n(9 * u)}" stroke-linecap="round" fill="none" d="M${n(x)} ${n(hipY)}L${n(x + st)} ${n(base - 3 * u)}M${n(x)} ${n(hipY)}L${n(x - st)} ${n(base - 3 * u)}"/>`;
  if (bag) s += path(silhouette ?? bag, rectP(dir > 0 ? x - 17 * u : x + 8 * u, shY + 2 * u, 9 * u, 24 * u));
  s += path(
    sh,
    `M${n(x - 10 * u)} ${n(shY + 4 * u)}q0 ${n(-5 * u)} ${n(6 * u)} ${n(-5 * u)}h${n(8 * u)}q${n(6 * u)} 0 ${n(6 * u)} ${n(5 * u)}l${n(-2 * u)} ${n(35 * u)}h${n(-16 * u)}z`,
  );
  s += `<path stroke="${sh}" stroke-width="${n(7 * u)}" stroke-linecap="round" fill="none" d="M${n(x)} ${n(shY + 3 * u)}l${n(st * 0.9)} ${n(28 * u)}M${n(x)} ${n(shY + 3 * u)}l${n(-st * 0.9)} ${n(28 * u)}"/>`;
  s += path(
    sk,
    `M${n(x - 7 * u)} ${n(base - 90 * u)}a${n(7 * u)} ${n(8 * u)} 0 1 0 ${n(14 * u)} 0a${n(7 * u)} ${n(8 * u)} 0 1 0 ${n(-14 * u)} 0z`,
  );
  if (!silhouette)
    s += path(
      ha,
      `M${n(x - 7.4 * u)} ${n(base - 90 * u)}a${n(7.4 * u)} ${n(8.4 * u)} 0 0 1 ${n(14.8 * u)} 0q${n(-5 * u)} ${n(-4 * u)} ${n(-14.8 * u)} 0z`,
    );
  return s;
}

/** Flat figure sitting on the ground, legs stretched towards dir. */
function sitter(x, base, h, o = {}) {
  const { shirt = '#3d4a5c', pants = '#2c3240', skin = '#c99a78', hair = '#3a2a22', dir = 1 } = o;
  const u = h / 100;
  const hip = base - 8 * u;
  let s = `<path stroke="${pants}" stroke-width="${n(9 * u)}" stroke-linecap="round" stroke-linejoin="round" fill="none" d="M${n(x)} ${n(hip)}L${n(x + dir * 24 * u)} ${n(base - 22 * u)}L${n(x + dir * 38 * u)} ${n(base - 3 * u)}"/>`;
  s += path(
    shirt,
    `M${n(x - 9 * u)} ${n(hip + 2 * u)}l${n(2 * u)} ${n(-34 * u)}q0 ${n(-5 * u)} ${n(6 * u)} ${n(-5 * u)}h${n(6 * u)}q${n(6 * u)} 0 ${n(6 * u)} ${n(5 * u)}l${n(2 * u)} ${n(34 * u)}z`,
  );
  s += `<path stroke="${shirt}" stroke-width="${n(7 * u)}" stroke-linecap="round" fill="none" d="M${n(x)} ${n(hip - 34 * u)}L${n(x + dir * 20 * u)} ${n(base - 24 * u)}"/>`;
  s += path(
    skin,
    `M${n(x - 7 * u)} ${n(hip - 46 * u)}a${n(7 * u)} ${n(8 * u)} 0 1 0 ${n(14 * u)} 0a${n(7 * u)} ${n(8 * u)} 0 1 0 ${n(-14 * u)} 0z`,
  );
  s += path(
    hair,
    `M${n(x - 7.4 * u)} ${n(hip - 46 * u)}a${n(7.4 * u)} ${n(8.4 * u)} 0 0 1 ${n(14.8 * u)} 0q${n(-5 * u)} ${n(-4 * u)} ${n(-14.8 * u)} 0z`,
  );
  return s;
}

function bareTree(x, base, h, color, snow = false) {
  const seg = ['', '', ''];
  const branch = (x0, y0, len, ang, depth) => {
    const x1 = x0 + Math.cos(ang) * len;
    const y1 = y0 - Math.sin(ang) * len;
    seg[depth >= 4 ? 0 : depth >= 2 ? 1 : 2] += `M${n(x0)} ${n(y0)}L${n(x1)} ${n(y1)}`;
    if (depth > 0) {
      branch(x1, y1, len * rand(0.62, 0.8), ang + rand(0.25, 0.6), depth - 1);
      branch(x1, y1, len * rand(0.62, 0.8), ang - rand(0.25, 0.6), depth - 1);
    }
  };
  branch(x, base, h * 0.34, Math.PI / 2 + rand(-0.05, 0.05), 5);
  const w = [h * 0.035, h * 0.014, h * 0.006];
  let s = '';
  for (let i = 0; i < 3; i++)
    s += `<path stroke="${color}" stroke-width="${n(w[i])}" stroke-linecap="round" fill="none" d="${seg[i]}"/>`;
  if (snow)
    s += `<path stroke="#f4f7fa" stroke-width="${n(w[1] * 0.6)}" stroke-linecap="round" fill="none" opacity=".8" d="${seg[1]}"/>`;
  return s;
}

function landing(i, title, stops, body) {
  PREC = 1;
  seed(`landing-${i}`);
  const s = `<rect width="${LW}" height="${LH}" fill="url(#sky)"/>${body()}`;
  const svg = svgDoc(LW, LH, title, s, skyDefs('sky', stops));
  PREC = 10;
  return { file: `landing/${i}.svg`, svg };
}

/** Perspective helper: world (X right, Y up, Z depth) to screen. */
function camera(vx, vy, F) {
  return (X, Y, Z) => [vx + (X * F) / Z, vy - (Y * F) / Z];
}

const LANDING = [
  // 1 — gothic tower at dusk
  () =>
    landing(1, 'Gothic bell tower at dusk', ['#27304f', '#5a4f76', '#b9808a', '#eab38a'], () => {
      let s = stars(70, 330) + crescent(1320, 150, 34, '#f6e7c4');
      s += clouds(3, LW, 200, 320, 1.6, 2.6, 0.18, '#f3c7b0');
      s += scallop(-40, LW + 40, 720, 40, 70, 60, 150, '#3f3c5a');
      const dusk = { wall: '#6b6176', tex: 'st' };
      const win = { shape: 'goth', lit: 0.45, glass: '#3b405d', litC: '#f2c372', trim: '#807790', fw: 0.42, fh: 0.66 };
      const B = 720;
      s += mass({
        ...dusk,
        x: 300,
        w: 440,
        h: 210,
        base: B,
        roof: { type: 'gable', h: 80, c: '#35354a' },
        win: { ...win, rows: 3, cols: 9 },
      });
      s += mass({
        ...dusk,
        x: 860,
        w: 440,
        h: 210,
        base: B,
        roof: { type: 'gable', h: 80, c: '#35354a' },
        win: { ...win, rows: 3, cols: 9 },
      });
      for (const wx of [250, 1220])
        s += mass({
          ...dusk,
          wall: '#736a80',
          x: wx,
          w: 130,
          h: 260,
          base: B,
          roof: { type: 'gablefront', h: 70, band: '#857c92' },
          win: { ...win, rows: 3, cols: 2, top: 24 },
        });
      // the tower
      const tx = 715;
      const tw = 170;
      s += mass({
        ...dusk,
        wall: '#766c84',
        x: tx,
        w: tw,
        h: 500,
        base: B,
        roof: { type: 'pinnacles', h: 90, mid: true, band: '#8a8198', c: '#3a3950' },
      });
      let ts = path('#3b405d', gothP(tx + 38, B - 470, 36, 120) + gothP(tx + 96, B - 470, 36, 120));
      ts += `<path stroke="#8a8198" stroke-width="3" d="M${tx + 56} ${B - 440}v90M${tx + 114} ${B - 440}v90"/>`;
      ts += path('#e9d9b2', `M${tx + tw / 2 - 26} ${B - 300}a26 26 0 1 0 52 0a26 26 0 1 0-52 0z`);
      ts += `<path stroke="#4a4350" stroke-width="3" stroke-linecap="round" d="M${tx + tw / 2} ${B - 300}v-18M${tx + tw / 2} ${B - 300}l12 6"/>`;
      ts += path('#f2c372', gothP(tx + 62, B - 230, 46, 110));
      ts += `<path stroke="#807790" stroke-width="3" d="M${tx + 85} ${B - 205}v85M${tx + 62} ${B - 170}h46"/>`;
      ts += path('#8a8198', rectP(tx - 6, B - 340, tw + 12, 8) + rectP(tx - 6, B - 130, tw + 12, 8));
      ts += doorSvg(tx + tw / 2, B, { w: 60, h: 90, shape: 'goth', c: '#3a2b33', surround: '#8a8198', lit: false });
      s += ts;
      // lawn, path and lamps
      s += path('#2f3547', `M0 ${B}H${LW}V${LH}H0z`);
      s += path('#394052', `M0 ${B + 60}Q800 ${B + 20} ${LW} ${B + 70}V${LH}H0z`);
      s += path('#4d4e5e', `M770 ${B}h60q40 90 260 180H520q200-90 250-180z`);
      for (const [lx, lh] of [
        [620, 120],
        [980, 120],
        [420, 170],
        [1180, 170],
      ])
        s += lamp(lx, B + (lh === 170 ? 150 : 60), lh, '#1d2130', true);
      const night = { trees: [['#20253a', '#2c3249']], trunk: '#1b1f2f' };
      s +=
        tree(70, 870, 170, night, false) +
        tree(1540, 870, 160, night, false) +
        tree(250, 800, 80, night, false) +
        tree(1360, 800, 76, night, false);
      return s;
    }),

  // 2 — the quad in autumn
  () =>
    landing(2, 'The quad in autumn', ['#9fb5c8', '#d8dddc', '#eee0c6'], () => {
      const P = camera(800, 500, 700);
      const GY = -170;
      let s = clouds(4, LW, 120, 260, 1.4, 2.4, 0.55);
      s += scallop(-40, LW + 40, 560, 30, 50, 20, 70, '#b0ae8c');
      // far hall with a tower
      const [fx] = P(-520, 0, 1900);
      const [fx2] = P(520, 0, 1900);
      const fb = P(0, GY, 1900)[1];
      const stone = { wall: '#cbbda0', tex: 'st' };
      s += mass({
        ...stone,
        x: fx,
        w: fx2 - fx,
        h: 150,
        base: fb,
        roof: { type: 'gable', h: 50, c: '#66707c' },
        win: { rows: 3, cols: 12, shape: 'goth', fw: 0.42, fh: 0.62, top: 10, bot: 10, side: 8 },
      });
      s += mass({
        ...stone,
        wall: '#d4c7ab',
        x: 770,
        w: 60,
        h: 270,
        base: fb,
        roof: { type: 'pinnacles', h: 40, mid: true, band: '#ddd2ba', c: '#66707c' },
        win: { rows: 2, cols: 1, shape: 'goth', fw: 0.5, fh: 0.7, top: 20, bot: 120 },
        door: { w: 24, h: 36, shape: 'goth', c: C.maroon },
      });
      // side halls in perspective
      for (const side of [-1, 1]) {
        const X = side * 600;
        const z0 = 280;
        const z1 = 1900;
        const top = 330;
        const q = (pts) => polyP(pts.map(([y, z, dx = 0]) => P(X + dx, y, z)));
        s += path(
          '#5f6874',
          q([
            [top, z0],
            [top, z1],
            [top + 130, z1, side * 180],
            [top + 130, z0, side * 180],
          ]),
        );
        s += path(
          side < 0 ? '#c4b597' : '#b8a98b',
          q([
            [GY, z0],
            [GY, z1],
            [top, z1],
            [top, z0],
          ]),
        );
        s += path(
          'url(#st)',
          q([
            [GY, z0],
            [GY, z1],
            [top, z1],
            [top, z0],
          ]),
        );
        let bays = '';
        let wins = '';
        for (let z = z0 + 40; z < z1 - 60; z += 140) {
          bays += q([
            [GY, z, -side * 14],
            [GY, z + 22, -side * 14],
            [top + 10, z + 22, -side * 14],
            [top + 10, z, -side * 14],
          ]);
          for (const [y0, y1] of [
            [GY + 70, GY + 180],
            [GY + 250, GY + 360],
            [GY + 400, GY + 470],
          ]) {
            const za = z + 50;
            const zb = z + 95;
            const pts = [P(X, y0, za), P(X, y1, za), P(X, y1 + 30, (za + zb) / 2), P(X, y1, zb), P(X, y0, zb)];
            // skip windows that land entirely off-canvas
            if (pts.some(([px, py]) => px > -10 && px < LW + 10 && py > -10 && py < LH + 10)) wins += polyP(pts);
          }
        }
        s += path('#d8ccb2', bays) + path('#4f6378', wins);
      }
      // lawn + crossing paths
      const lawn = polyP([P(-600, GY, 280), P(-600, GY, 1900), P(600, GY, 1900), P(600, GY, 280)]);
      s += path('#93a865', lawn);
      const band = (xa, za, xb, zb, w) =>
        polyP([P(xa - w, GY, za), P(xb - w, GY, zb), P(xb + w, GY, zb), P(xa + w, GY, za)]);
      s += path(
        '#e0d4b8',
        band(-600, 350, 0, 1880, 28) +
          band(600, 350, 0, 1880, 28) +
          band(0, 200, 0, 1900, 34) +
          band(-560, 200, -560, 1900, 26) +
          band(560, 200, 560, 1900, 26),
      );
      // fallen leaves
      const lv = ['', '', ''];
      for (let k = 0; k < 44; k++) {
        const X = rand(-520, 520);
        const Z = rand(300, 1700);
        const [lx, ly] = P(X, GY, Z);
        const r = (9 * 700) / Z;
        lv[k % 3] +=
          `M${n(lx - r)} ${n(ly)}a${n(r)} ${n(r / 2)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r / 2)} 0 1 0 ${n(-2 * r)} 0z`;
      }
      s += path('#d07a33', lv[0]) + path('#b5482e', lv[1]) + path('#e2b04a', lv[2]);
      // trees lining the lawn, far to near
      const pal = SEASONS.autumn;
      for (let Z = 1650; Z >= 500; Z -= 350) {
        for (const X of [-440, 440]) {
          const [tx, ty] = P(X + rand(-20, 20), GY, Z);
          s += tree(tx, ty, (95 * 700) / Z, pal);
        }
      }
      // a few students crossing
      const ppl = [
        [-150, 900, 1, '#8a100b'],
        [-110, 930, 1, '#3f4f66'],
        [60, 1300, -1, '#b29d6c'],
        [260, 700, -1, '#556b4a'],
      ];
      for (const [X, Z, dir, shirt] of ppl) {
        const [px, py] = P(X, GY, Z);
        s += person(px, py, (170 * 700) / Z, { dir, shirt, bag: '#2f3a48' });
      }
      return s;
    }),

  // 3 — the reservoir path
  () =>
    landing(3, 'Morning along the reservoir path', ['#9cb6cc', '#d3dade', '#f1dcc0'], () => {
      let s = `${glowAt(1160, 420, 260)}<circle cx="1160" cy="420" r="46" fill="#fff4da" opacity=".9"/>`;
      s += clouds(3, LW, 140, 300, 1.6, 2.6, 0.5);
      // hazy skyline on the far shore
      let sky = '';
      let x = 930;
      while (x < 1420) {
        const w = rand(26, 60);
        const h = rand(40, 170);
        sky += rectP(x, 480 - h, w, h);
        if (rnd() < 0.3)
          sky += polyP([
            [x, 480 - h],
            [x + w / 2, 480 - h - rand(20, 50)],
            [x + w, 480 - h],
          ]);
        x += w + rand(2, 12);
      }
      s += path('#b3bac6', sky);
      // far shore with a distant tower
      s += path(
        '#8f9c9a',
        `${rectP(330, 376, 30, 110)}${polyP([
          [326, 378],
          [345, 330],
          [364, 378],
        ])}`,
      );
      s += scallop(-40, LW + 40, 500, 24, 40, 14, 44, '#8ea293');
      // water
      s += path('url(#wv)', rectP(0, 496, LW, 230));
      let ref = '';
      for (let k = 0; k < 40; k++) {
        const y = rand(505, 720);
        const d = Math.abs(y - 505) / 220;
        ref += `M${n(rand(0, LW))} ${n(y)}h${n(rand(30, 140) * (0.5 + d))}`;
      }
      let sun = '';
      for (let y = 506; y < 700; y += 9) sun += `M${n(1160 - rand(10, 50))} ${y}h${n(rand(40, 100))}`;
      s += `<path stroke="#fff" stroke-opacity=".35" stroke-width="2" d="${ref}"/><path stroke="#fff3d0" stroke-opacity=".7" stroke-width="3" d="${sun}"/>`;
      // geese
      let geese = '';
      for (const [gx, gy] of [
        [520, 600],
        [560, 612],
        [600, 596],
      ])
        geese += `M${gx} ${gy}q10-8 22 0zM${gx + 18} ${gy - 2}v-12l5-2`;
      s += `<path fill="#3b4048" stroke="#3b4048" stroke-width="2" d="${geese}"/>`;
      // near bank + path
      s += path('#97b27a', `M0 700Q600 690 1000 716T1600 706V900H0z`);
      s += path('#86a36b', `M0 780Q500 760 900 800T1600 790V900H0z`);
      s += path('#e2d6be', `M0 842Q420 760 900 752T1600 728V758Q1200 770 930 790T120 900H0z`);
      // low fence along the water
      let fence = 'M620 690Q1100 700 1600 690';
      for (let fx3 = 640; fx3 < LW; fx3 += 48) fence += `M${fx3} ${n(690 + 8 * Math.sin(fx3))}v24`;
      s += `<path stroke="#7a6650" stroke-width="4" fill="none" d="${fence}"/>`;
      // bench
      s += path(
        '#6e5542',
        `${rectP(1260, 694, 90, 7)}${rectP(1262, 676, 86, 6)}${rectP(1266, 701, 6, 16)}${rectP(1338, 701, 6, 16)}`,
      );
      // people: a runner and a pair walking
      s += person(760, 782, 92, { dir: 1, shirt: '#8a100b', pants: '#2c3240', stride: 1 });
      s += person(1060, 770, 84, { dir: -1, shirt: '#b29d6c', pants: '#4a5060', stride: 0.5, hair: '#6b4a2e' });
      s += person(1100, 768, 86, {
        dir: -1,
        shirt: '#56697d',
        pants: '#2c3240',
        stride: 0.45,
        skin: '#8d5f43',
        hair: '#1f1a18',
      });
      // framing trees
      s += tree(110, 880, 170, SEASONS.summer, false) + tree(1520, 880, 140, SEASONS.summer, false);
      return s;
    }),

  // 4 — snowy campus
  () =>
    landing(4, 'Campus after a snowfall', ['#8d9db3', '#c2cbd7', '#e3e6eb'], () => {
      let s = scallop(-40, LW + 40, 640, 40, 60, 50, 120, '#a9b4c0');
      const st = { wall: '#b9b0a0', tex: 'st' };
      const B = 660;
      const roofSnow = (x, w, h, y) =>
        path(
          '#f5f7fa',
          `M${n(x + w / 2)} ${n(y - h)}L${n(x - 6 + (w / 2 + 6) * 0.3)} ${n(y - h * 0.3)}q20 10 40 0t40 4t40-2L${n(x + w / 2 + (w / 2 + 6) * 0.7)} ${n(y - h * 0.3)}z`,
        );
      const win = { shape: 'goth', lit: 0.4, glass: '#4c5e72', litC: '#f4cd7c', fw: 0.42, fh: 0.64 };
      for (const [x, w] of [
        [360, 380],
        [860, 380],
      ]) {
        s += mass({
          ...st,
          x,
          w,
          h: 200,
          base: B,
          roof: { type: 'gable', h: 90, c: '#5c6472' },
          win: { ...win, rows: 3, cols: 8 },
        });
        s += roofSnow(x, w, 90, B - 200);
        s += path('#f5f7fa', rectP(x - 4, B - 206, w + 8, 6));
      }
      s += mass({
        ...st,
        wall: '#c2b9a9',
        x: 720,
        w: 160,
        h: 380,
        base: B,
        roof: { type: 'pinnacles', h: 70, mid: true, band: '#d1c9ba', c: '#5c6472' },
        win: { ...win, rows: 3, cols: 1, fw: 0.34, fh: 0.7, top: 40, bot: 100 },
        door: { w: 50, h: 74, shape: 'goth', c: '#4a3630', surround: '#d1c9ba' },
      });
      s += path(
        '#f5f7fa',
        `${rectP(712, B - 388, 176, 6)}${polyP([
          [800, B - 470],
          [772, B - 430],
          [828, B - 430],
        ])}`,
      );
      // snow ground
      s += path('#eef2f6', `M0 ${B}H${LW}V${LH}H0z`);
      s += path('#dfe6ee', `M0 ${B + 80}Q400 ${B + 40} 800 ${B + 90}T${LW} ${B + 70}V${LH}H0z`);
      s += path('#cfd8e2', `M770 ${B}h60q80 120 300 240H470q220-120 300-240z`);
      s += path('#eef2f6', `M0 ${B + 150}Q500 ${B + 110} 900 ${B + 170}T${LW} ${B + 150}V${LH}H0z`, ' opacity=".6"');
      // trees
      for (const [x, h] of [
        [260, 220],
        [1340, 240],
        [150, 300],
        [1470, 290],
      ])
        s += pine(x, B + (h > 260 ? 120 : 40), h, '#3f5f50', true);
      s += bareTree(560, B + 70, 300, '#5a4c44', true) + bareTree(1060, B + 80, 280, '#5a4c44', true);
      s += lamp(640, B + 110, 130, '#2a2f3a', true) + lamp(960, B + 110, 130, '#2a2f3a', true);
      s += person(880, B + 200, 110, { dir: -1, shirt: '#8a100b', pants: '#2c3240', bag: '#b29d6c', stride: 0.5 });
      s += person(700, B + 150, 84, { dir: 1, shirt: '#3f4f66', pants: '#2c3240', stride: 0.5, hair: '#b7864f' });
      // falling snow
      // two tiled layers of flakes with co-prime tile sizes hide the repetition
      for (const [id, tw, th, k, r0, r1] of [
        ['sn1', 331, 293, 22, 1.4, 2.8],
        ['sn2', 457, 389, 12, 2.8, 4.5],
      ]) {
        let fl = '';
        for (let i = 0; i < k; i++) fl += circ(rand(0, tw), rand(0, th), rand(r0, r1));
        patDefs.push(
          `<pattern id="${id}" width="${tw}" height="${th}" patternUnits="userSpaceOnUse"><g fill="#fff" opacity=".85">${fl}</g></pattern>`,
        );
        s += path(`url(#${id})`, rectP(0, 0, LW, LH));
      }
      return s;
    }),

  // 5 — library reading room at blue hour
  () =>
    landing(5, 'The library reading room at blue hour', ['#252d4a', '#454e74', '#7f7d9e'], () => {
      let s = stars(40, 260);
      s += scallop(-40, LW + 40, 640, 40, 70, 40, 140, '#363a56');
      const B = 690;
      const x0 = 230;
      const w = 1140;
      const h = 330;
      s += path('#5d586c', rectP(x0, B - h, w, h));
      s += path('url(#st)', rectP(x0, B - h, w, h));
      s += roofSvg({ type: 'crenel', band: '#6f6a80' }, x0, B - h, w);
      // great windows with tracery
      let glass = '';
      let tr = '';
      let butt = '';
      const n5 = 7;
      const bay = w / n5;
      for (let i = 0; i < n5; i++) {
        const wx = x0 + i * bay + bay * 0.22;
        const ww = bay * 0.56;
        glass += gothP(wx, B - h + 50, ww, 230);
        tr += `M${n(wx + ww / 3)} ${B - h + 120}v160M${n(wx + (2 * ww) / 3)} ${B - h + 120}v160M${n(wx)} ${B - h + 200}h${n(ww)}`;
        tr += `M${n(wx + ww / 2 - 14)} ${B - h + 95}a14 14 0 1 0 28 0a14 14 0 1 0-28 0`;
        if (i) butt += `${rectP(x0 + i * bay - 12, B - h + 20, 24, h - 20)}`;
      }
      s += glowAt(800, B - 160, 700, '.25');
      s += path('#f0c675', glass);
      // shelves silhouetted inside
      let sh = '';
      for (let i = 0; i < n5; i++) {
        const wx = x0 + i * bay + bay * 0.22;
        sh += rectP(wx, B - h + 232, bay * 0.56, 48);
      }
      s += path('#8a5f3c', sh, ' opacity=".55"');
      s += `<path stroke="#6f6a80" stroke-width="5" fill="none" d="${tr}"/>`;
      s += path('#6a6579', butt);
      s += path('#777189', rectP(x0 - 10, B - 30, w + 20, 30));
      // corner towers
      for (const tx of [x0 - 70, x0 + w - 30]) {
        s += mass({
          wall: '#67617a',
          tex: 'st',
          x: tx,
          w: 100,
          h: 440,
          base: B,
          roof: { type: 'pinnacles', h: 60, mid: true, band: '#79738c', c: '#2d3148' },
          win: {
            rows: 3,
            cols: 1,
            shape: 'goth',
            fw: 0.36,
            fh: 0.7,
            top: 40,
            bot: 60,
            lit: 0.7,
            glass: '#3b405d',
            litC: '#f0c675',
            trim: '#79738c',
          },
        });
      }
      // steps + entrance
      s += path('#8a849b', `${rectP(700, B - 10, 200, 10)}${rectP(680, B, 240, 12)}${rectP(660, B + 12, 280, 12)}`);
      s += path('#f5d48c', gothP(760, B - 110, 80, 100));
      s += path('#4a3a3a', rectP(798, B - 70, 4, 60));
      // ground
      s += path('#2c3245', `M0 ${B + 24}H${LW}V${LH}H0z`);
      s += path('#f0c675', `M0 ${B + 24}H${LW}v30H0z`, ' opacity=".12"');
      s += path('#4a4d60', `M660 ${B + 24}h280q60 80 360 186H300q300-106 360-186z`);
      s += lamp(560, B + 120, 130, '#1b1f2d', true) + lamp(1040, B + 120, 130, '#1b1f2d', true);
      s += person(720, B + 150, 100, { silhouette: '#1a1d29', dir: 1, bag: 1 });
      s += person(980, B + 190, 120, { silhouette: '#1a1d29', dir: -1, stride: 0.4 });
      const night = { trees: [['#1e2336', '#272d44']], trunk: '#181c2b' };
      s += tree(90, 880, 170, night, false) + tree(1520, 880, 180, night, false);
      return s;
    }),

  // 6 — students on the green
  () =>
    landing(6, 'Students crossing the green', ['#a6c2d8', '#d5e1e6', '#eef0e2'], () => {
      let s = clouds(4, LW, 110, 260, 1.5, 2.5, 0.7);
      // hazy campus skyline
      let far = '';
      far +=
        rectP(180, 420, 300, 110) +
        polyP([
          [170, 422],
          [330, 360],
          [490, 422],
        ]);
      far +=
        rectP(560, 300, 60, 230) +
        polyP([
          [556, 302],
          [590, 240],
          [624, 302],
        ]);
      far +=
        rectP(640, 440, 360, 90) +
        rectP(1060, 400, 260, 130) +
        polyP([
          [1050, 402],
          [1190, 350],
          [1330, 402],
        ]);
      far += rectP(1380, 450, 200, 80);
      s += path('#b6bfc2', far);
      s += scallop(-40, LW + 40, 560, 30, 50, 20, 70, '#9db48c');
      s += path('#9cc070', `M0 540Q500 520 900 548T1600 530V900H0z`);
      s += path('#8db463', `M0 650Q600 610 1100 660T1600 640V900H0z`);
      s += path('#e6dcc4', `M0 760Q500 700 820 640T1600 596V626Q1100 650 850 690T120 900H0z`);
      s += path('#e6dcc4', `M540 540Q600 640 760 672L830 660Q660 620 600 540z`);
      // a shade tree with a bench and a reader
      s += tree(1330, 660, 150, SEASONS.summer);
      s += path(
        '#6e5542',
        `${rectP(1240, 640, 110, 8)}${rectP(1244, 620, 102, 7)}${rectP(1250, 648, 7, 20)}${rectP(1334, 648, 7, 20)}`,
      );
      s +=
        path('#4a5a7a', `M1283 600a9 10 0 1 0 18 0a9 10 0 1 0-18 0zM1280 640v-22q0-8 8-8h8q8 0 8 8v22z`) +
        path('#c99a78', `M1285 598a7 8 0 1 0 14 0a7 8 0 1 0-14 0z`);
      // frisbee game
      s += person(420, 780, 140, { dir: 1, shirt: '#8a100b', pants: '#3b3f4c', stride: 0.9 });

      s += person(560, 700, 120, {
        dir: -1,
        shirt: '#e8e2d2',
        pants: '#3b3f4c',
        stride: 0.3,
        skin: '#8d5f43',
        hair: '#1f1a18',
      });
      // students on the path
      const walkers = [
        [760, 696, 112, 1, '#3f4f66', '#b29d6c'],
        [800, 700, 116, 1, '#b29d6c', '#3a3f4c'],
        [1000, 664, 96, -1, '#556b4a', '#7a1d1a'],
        [1120, 640, 84, -1, '#8a100b', '#2f3a48'],
        [240, 890, 170, 1, '#5b6470', '#8a100b'],
      ];
      const skins = ['#c99a78', '#e0b48f', '#8d5f43', '#b07a55', '#f0c8a4'];
      const hairs = ['#3a2a22', '#1f1a18', '#b7864f', '#5a3a22', '#2c2420'];
      walkers.forEach(([x, b, h, dir, shirt, bag], k) => {
        s += person(x, b, h, { dir, shirt, bag, stride: 0.7, skin: skins[k], hair: hairs[k] });
      });
      // picnic blanket with two friends
      s += path(C.gold, `M1080 830l60-70h260l-20 70z`, ' opacity=".9"');
      s += `<path stroke="${C.maroon}" stroke-width="6" opacity=".6" d="M1110 795h270M1190 830l40-70M1300 830l30-70"/>`;
      s += sitter(1150, 815, 120, { dir: 1, shirt: '#3f4f66', skin: '#e0b48f', hair: '#b7864f' });
      s += sitter(1340, 800, 116, { dir: -1, shirt: '#8a100b', skin: '#8d5f43', hair: '#1f1a18' });
      s += path('#3a3f4c', `M1228 790h44l-6-26h-32z`) + path('#9fb3c6', `M1232 787h36l-5-20h-26z`);
      s += tree(-30, 900, 140, SEASONS.summer, false);
      return s;
    }),

  // 7 — stadium at night
  () =>
    landing(7, 'Stadium lights on game night', ['#0f1528', '#1c2541', '#2f3a5a'], () => {
      let s = stars(90, 360);
      const FT = 560; // far touchline
      // far stands
      s += path('#2b3048', `M80 ${FT - 10}L200 300H1400L1520 ${FT - 10}z`);
      s += path('url(#crowd)', `M110 ${FT - 40}L215 320H1385L1490 ${FT - 40}z`);
      s += `<path stroke="#20243a" stroke-width="4" fill="none" d="M150 ${FT - 110}H1450M175 ${FT - 190}H1425M195 ${FT - 260}H1405"/>`;
      s += path('#1a1e30', rectP(60, FT - 34, 1480, 34));
      s += path(C.maroon, rectP(60, FT - 30, 1480, 12));
      s += path(C.gold, rectP(60, FT - 18, 1480, 4));
      // scoreboard
      s += path('#161a28', rectP(700, 190, 200, 90) + rectP(794, 280, 12, 30));
      let cells = '';
      for (let r = 0; r < 3; r++)
        for (let c = 0; c < 8; c++) if (rnd() < 0.6) cells += rectP(712 + c * 23, 202 + r * 24, 16, 16);
      s += path('#f2b64c', cells, ' opacity=".85"');
      // floodlight towers with light cones
      for (const lx of [180, 1420]) {
        s += path(
          '#fff6dd',
          polyP([
            [lx - 50, 120],
            [lx + 50, 120],
            [lx > 800 ? 500 : 1100, 900],
            [lx > 800 ? -200 : 400, 900],
          ]),
          ' opacity=".06"',
        );
        s += path('#1a1e2e', `${rectP(lx - 6, 150, 12, FT - 150)}${rectP(lx - 56, 90, 112, 60)}`);
        let lb = '';
        for (let r = 0; r < 3; r++) for (let c = 0; c < 6; c++) lb += rectP(lx - 50 + c * 17, 96 + r * 18, 13, 13);
        s += glowAt(lx, 120, 220) + path('#fffbe9', lb);
      }
      // field in perspective with stripes and yard lines
      const fieldTop = FT;
      const P = (t, y) => {
        // t: 0..1 across, y: screen row
        const k = (y - fieldTop) / (LH - fieldTop);
        const left = 160 - 560 * k;
        const right = 1440 + 560 * k;
        return [left + (right - left) * t, y];
      };
      s += path('#3f7a44', polyP([P(0, fieldTop), P(1, fieldTop), P(1, LH), P(0, LH)]));
      let stripes = '';
      for (let i = 0; i < 10; i += 2)
        stripes += polyP([P(i / 10, fieldTop), P((i + 1) / 10, fieldTop), P((i + 1) / 10, LH), P(i / 10, LH)]);
      s += path('#4a8a4e', stripes);
      let lines = '';
      for (let i = 0; i <= 10; i++) lines += `M${polyP([P(i / 10, fieldTop), P(i / 10, LH)]).slice(1, -1)}`;
      s += `<path stroke="#eaf0e6" stroke-opacity=".55" stroke-width="3" fill="none" d="${lines}"/>`;
      s += `<path stroke="#eaf0e6" stroke-opacity=".7" stroke-width="4" fill="none" d="M160 ${fieldTop + 6}H1440"/>`;
      s += `<ellipse cx="800" cy="720" rx="110" ry="34" fill="${C.maroon}" opacity=".55" stroke="${C.gold}" stroke-width="4"/>`;
      // a few players
      const team = [
        [520, 640, C.maroon],
        [640, 690, C.maroon],
        [900, 660, '#e8e4da'],
        [1030, 620, '#e8e4da'],
        [780, 620, C.maroon],
      ];
      for (const [px, py, shirt] of team)
        s += person(px, py, 60 + (py - 600) * 0.35, {
          shirt,
          pants: '#d8d2c2',
          dir: px < 800 ? 1 : -1,
          stride: 0.8,
          hair: '#2b2420',
        });
      // near crowd silhouettes
      let heads = '';
      for (let x = -10; x < LW + 20; x += rand(34, 50)) {
        const y = 860 + rand(-10, 14);
        heads += `M${n(x - 15)} ${n(y)}a15 17 0 1 1 30 0zM${n(x - 30)} ${n(y + 60)}q0-44 30-44q30 0 30 44z`;
      }
      s += path('#0c0f1a', heads);
      return s;
    }),
];

// ------------------------------------------------------------------ main

const files = [...logo(), ...DORMS.map(dormCard), offCampus(), ...LANDING.map((make) => make())];

let total = 0;
for (const { file, svg } of files) {
  const p = join(OUT, file);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, svg);
  total += Buffer.byteLength(svg);
  console.log(`${String(Buffer.byteLength(svg)).padStart(6)}  ${file}`);
}
console.log(`${String(total).padStart(6)}  total (${files.length} files)`);
