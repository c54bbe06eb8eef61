// Card faces drawn as SVG by the project (nothing is fetched at run time). Suits differ by
// colour AND symbol (Jade disc, Sword, Pagoda, Star; the French suits for Toepen); the four
// Tichu specials each have their own picture. The code itself stays in data-card.
import { language, t } from "./i18n.js";
import { h } from "./ui.js";

const NS = "http://www.w3.org/2000/svg";

// Symbols in a 20×20 box.
const PATHS = {
  jade: "M10 1a9 9 0 1 0 0.01 0zM7 7h6v6H7z",
  sword: "M9 0h2l1 12H8zM5 12h10v2H5zM9 14h2v4H9zM8 18h4v2H8z",
  pagoda: "M10 0l7 5H3zM5 6h10v3H5zM1 9h18l-3 3H4zM6 12h8v4H6zM2 16h16v3H2z",
  star: "M10 0l2.9 6.6 7.1.7-5.4 4.8 1.6 7L10 15.4 3.8 19.1l1.6-7L0 7.3l7.1-.7z",
  hearts: "M10 19L1.6 10.2A5 5 0 0 1 10 3.6a5 5 0 0 1 8.4 6.6z",
  diamonds: "M10 0l8 10-8 10-8-10z",
  spades: "M10 0C6 5 1 8 1 12a4.5 4.5 0 0 0 8 2.6L7.5 20h5L11 14.6A4.5 4.5 0 0 0 19 12C19 8 14 5 10 0z",
  clubs:
    "M10 0a4.6 4.6 0 0 1 3.6 7.4A4.6 4.6 0 1 1 11 14.6L12.5 20h-5L9 14.6a4.6 4.6 0 1 1-2.6-7.2A4.6 4.6 0 0 1 10 0z",
};

const TICHU_SUITS = { G: "jade", K: "sword", B: "pagoda", R: "star" };
const FRENCH_SUITS = { H: "hearts", D: "diamonds", S: "spades", C: "clubs" };
const COLOURS = {
  jade: "#0f7a3a",
  sword: "#1f2937",
  pagoda: "#1d4ed8",
  star: "#c0262d",
  hearts: "#c0262d",
  diamonds: "#1d4ed8", // blue (a four-colour deck): never confused with Hearts' red
  spades: "#111827",
  clubs: "#14532d",
};
const SUIT_TEXT = { jade: "●", sword: "⚔", pagoda: "⌂", star: "★", hearts: "♥", diamonds: "♦", spades: "♠", clubs: "♣" };

// The specials: colour and picture (SVG markup in the 60×84 card box); the corner index (but
// the Mah Jong's 1) and the name printed on the face are the catalogue's, in the page's language.
const SPECIALS = {
  MJ: {
    colour: "#0e7490",
    art:
      '<circle cx="30" cy="46" r="15" fill="#fde68a" stroke="#0e7490" stroke-width="3"/>' +
      '<circle cx="30" cy="46" r="9" fill="#c0262d"/><circle cx="30" cy="46" r="4" fill="#0f7a3a"/>',
  },
  DOG: {
    colour: "#7c4a1e",
    art:
      '<ellipse cx="30" cy="52" rx="10" ry="8" fill="#7c4a1e"/>' +
      '<ellipse cx="18" cy="40" rx="4" ry="5.5" fill="#7c4a1e"/><ellipse cx="25.5" cy="34" rx="4" ry="5.5" fill="#7c4a1e"/>' +
      '<ellipse cx="34.5" cy="34" rx="4" ry="5.5" fill="#7c4a1e"/><ellipse cx="42" cy="40" rx="4" ry="5.5" fill="#7c4a1e"/>',
  },
  PHX: {
    colour: "#c2410c",
    art:
      '<path d="M30 62c-4-6-4-12 0-16 4 4 4 10 0 16z" fill="#f59e0b"/>' +
      '<path d="M30 46C22 34 12 32 6 34c8 2 14 8 16 16zM30 46c8-12 18-14 24-12-8 2-14 8-16 16z" fill="#c2410c"/>' +
      '<circle cx="30" cy="40" r="5" fill="#c2410c"/><path d="M30 36l3-6 1 5z" fill="#f59e0b"/>',
  },
  DRG: {
    colour: "#b91c1c",
    art:
      '<path d="M12 62c10 0 8-12 18-12s8 12 18 12" fill="none" stroke="#b91c1c" stroke-width="5" stroke-linecap="round"/>' +
      '<path d="M30 50c-8-2-10-10-4-16" fill="none" stroke="#b91c1c" stroke-width="5" stroke-linecap="round"/>' +
      '<circle cx="28" cy="32" r="6" fill="#b91c1c"/><path d="M33 30l8-3-6 6z" fill="#eab308"/>' +
      '<circle cx="27" cy="31" r="1.5" fill="#fde68a"/>',
  },
};

// A special's corner index: the Mah Jong's 1, the others' short names from the catalogue
// (tichu.corner.<code>: Dog, Hund, 犬 …), each sized to end by CORNER_END, in the 60-unit
// width, so that a card laid over it leaves it in view: a single glyph as large as a rank, a word
// at most 11 units and, when even 10 units would reach further, squeezed to fit (textLength).
const CORNER_X = 4;
const CORNER_END = 28; // "Dog" at 11 units ends at 27.3
const SPACING = -0.4; // the index's letter-spacing

// The text's width in ems, from DejaVu Sans Bold's advances (the widest face it falls back to);
// CJK, Hangul and other wide characters are one em.
function ems(text) {
  let sum = 0;
  for (const ch of text) sum += ch.codePointAt(0) >= 0x1100 ? 1 : /\p{Lu}/u.test(ch) ? 0.8 : 0.7;
  return sum;
}

function corner(code) {
  const text = code === "MJ" ? "1" : t(`tichu.corner.${code}`);
  const glyphs = [...text].length;
  const room = CORNER_END - CORNER_X - SPACING * (glyphs - 1);
  const size = Math.max(10, Math.min(glyphs === 1 ? 18 : 11, room / ems(text)));
  const squeeze = ems(text) * size > room;
  const width = Math.min(ems(text) * size, room) + SPACING * (glyphs - 1);
  return { text, size, squeeze, end: CORNER_X + width };
}

// [rank, suit name] of a code ("10K" -> ["10", "sword"]); specials -> [code, null].
export function cardParts(game, code) {
  if (game === "tichu" && SPECIALS[code]) return [code, null];
  const suits = game === "tichu" ? TICHU_SUITS : FRENCH_SUITS;
  const m = /^(10|[2-9JQKA])(.+)$/.exec(code);
  if (m && suits[m[2]]) return [m[1], suits[m[2]]];
  return [code, null];
}

// Kept for the game modules: [rank, suit symbol, css class].
export function cardFace(game, code) {
  if (game === "tichu" && SPECIALS[code]) return [corner(code).text, "", "special"];
  const [rank, suit] = cardParts(game, code);
  return suit ? [rank, SUIT_TEXT[suit], suit] : [code, "", "plain"];
}

// Short text for a card: "7★", "Dragon" (a special by its name in the page's language).
export function cardText(game, code) {
  if (game === "tichu" && SPECIALS[code]) return t(`tichu.card.${code}`);
  const [rank, suit] = cardParts(game, code);
  return suit ? `${rank}${SUIT_TEXT[suit]}` : code;
}

// Words for screen readers: "7 of Star", in the page's language.
export function cardName(game, code) {
  if (game === "tichu" && SPECIALS[code]) return t(`tichu.card.${code}`);
  const [rank, suit] = cardParts(game, code);
  return suit ? t("card.of", { rank, suit: t(`suit.${suit}`) }) : code;
}

function symbol(suit, x, y, size) {
  const s = size / 20;
  return `<path d="${PATHS[suit]}" fill="${COLOURS[suit]}" transform="translate(${x} ${y}) scale(${s})"/>`;
}

function faceMarkup(game, code) {
  const special = game === "tichu" ? SPECIALS[code] : null;
  const frame = '<rect x="1" y="1" width="58" height="82" rx="6" fill="#fffdf7" stroke="#9ca3af" stroke-width="1.2"/>';
  if (special) {
    const index = corner(code);
    const fit = index.squeeze ? ` textLength="${(index.end - CORNER_X).toFixed(1)}" lengthAdjust="spacingAndGlyphs"` : "";
    return (
      frame +
      `<rect x="1" y="1" width="58" height="82" rx="6" fill="${special.colour}" opacity="0.08"/>` +
      `<text class="corner" x="${CORNER_X}" y="${(index.size + 4).toFixed(1)}" font-size="${index.size.toFixed(1)}" font-weight="700" fill="${special.colour}" font-family="DejaVu Sans, sans-serif" letter-spacing="${SPACING}"${fit}>${xml(index.text)}</text>` +
      special.art +
      `<text x="30" y="79" font-size="8" text-anchor="middle" fill="${special.colour}" font-family="DejaVu Sans, sans-serif">${xml(t(`tichu.card.${code}`))}</text>`
    );
  }
  const [rank, suit] = cardParts(game, code);
  const safe = String(code).replace(/[^A-Za-z0-9]/g, "");
  if (!suit) return frame + `<text x="30" y="48" font-size="14" text-anchor="middle">${safe}</text>`;
  const colour = COLOURS[suit];
  const size = rank === "10" ? 15 : 18;
  return (
    frame +
    `<text x="4" y="20" font-size="${size}" font-weight="700" fill="${colour}" font-family="DejaVu Sans, sans-serif" letter-spacing="-1">${rank}</text>` +
    symbol(suit, 5, 24, 12) +
    symbol(suit, 22, 42, 26) +
    `<text x="56" y="79" font-size="10" font-weight="700" text-anchor="end" fill="${colour}" font-family="DejaVu Sans, sans-serif">${rank}</text>`
  );
}

// Where a card's corner index ends, in the face's 60-unit width (its text in DejaVu Sans Bold,
// the widest of the fonts it falls back to: "10" ends at 23.2, "Dog" at 27.3): a card laid over
// it must leave that much of it in view.
export function indexEnd(game, code) {
  const [rank, suit] = cardParts(game, code);
  if (!suit) return game === "tichu" && SPECIALS[code] ? Math.ceil(corner(code).end) : 28;
  return rank === "10" ? 24 : 19;
}

// Catalogue text inside SVG markup: escaped like any text.
function xml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

const cache = new Map();

function svgFor(game, code) {
  const key = `${game}:${code}:${language()}`; // a special's face prints its name
  if (!cache.has(key)) {
    cache.set(
      key,
      `<svg xmlns="${NS}" viewBox="0 0 60 84" aria-hidden="true" focusable="false">${faceMarkup(game, code)}</svg>`,
    );
  }
  return cache.get(key);
}

// A card (a preact vnode): <span class="card" data-card=code> with its SVG face; extra children
// (a mark) go after the face.
export function cardEl(game, code, attrs = {}, ...children) {
  const [, suit] = cardParts(game, code);
  return h(
    "span",
    {
      "aria-label": cardName(game, code),
      title: cardName(game, code),
      ...attrs,
      class: `card ${suit || "special"} ${attrs.class || ""}`.trim(),
      "data-card": code,
    },
    // built from the fixed tables above, never from input
    h("span", { class: "face", dangerouslySetInnerHTML: { __html: svgFor(game, code) } }),
    ...children,
  );
}

const BACK =
  `<svg xmlns="${NS}" viewBox="0 0 60 84"><rect x="1" y="1" width="58" height="82" rx="6" fill="#7f1d1d" stroke="#fde68a" stroke-width="2"/>` +
  '<path d="M30 14l16 28-16 28-16-28z" fill="none" stroke="#fde68a" stroke-width="2"/></svg>';

// A face-down card (seat card counts).
export function cardBack(attrs = {}) {
  return h("span", {
    ...attrs,
    class: `card back ${attrs.class || ""}`.trim(),
    "aria-hidden": "true",
    dangerouslySetInnerHTML: { __html: BACK },
  });
}
