// How a card code looks on screen. The code itself stays in data-card (tests and matching).
import { h } from "./dom.js";

const TICHU_SUITS = {
  G: ["◆", "jade"],
  K: ["⚔", "sword"],
  B: ["⌂", "pagoda"],
  R: ["★", "star"],
};
const TICHU_SPECIALS = {
  MJ: ["MJ", "1"],
  DOG: ["Dog", "↷"],
  PHX: ["Phx", "✦"],
  DRG: ["Drg", "♛"],
};
const TICHU_NAMES = { MJ: "Mah Jong", DOG: "Dog", PHX: "Phoenix", DRG: "Dragon" };
const FRENCH_SUITS = {
  H: ["♥", "hearts"],
  D: ["♦", "diamonds"],
  S: ["♠", "spades"],
  C: ["♣", "clubs"],
};

// Split a code into [rank, suitSymbol, cssClass] for the given game.
export function cardFace(game, code) {
  if (game === "tichu" && TICHU_SPECIALS[code]) return [...TICHU_SPECIALS[code], "special"];
  const suits = game === "tichu" ? TICHU_SUITS : FRENCH_SUITS;
  const m = /^(10|[2-9JQKA])(.+)$/.exec(code);
  if (m && suits[m[2]]) return [m[1], suits[m[2]][0], suits[m[2]][1]];
  return [code, "", "plain"];
}

export function cardText(game, code) {
  const [rank, suit] = cardFace(game, code);
  return `${rank}${suit}`;
}

export function cardEl(game, code, attrs = {}) {
  const [rank, suit, cls] = cardFace(game, code);
  return h(
    "span",
    {
      ...attrs,
      class: `card ${cls} ${attrs.class || ""}`.trim(),
      "data-card": code,
      title: TICHU_NAMES[code] || code,
    },
    h("span", { class: "rank" }, rank),
    suit ? h("span", { class: "suit" }, suit) : null,
  );
}
