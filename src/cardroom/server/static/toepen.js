// Toepen parts of the table view. Every legal non-card action gets a button (knock, stay,
// fold, laundry, challenge, whistle, stand, …), so new actions work without client changes.
import { cardEl } from "./cards.js";
import { h } from "./dom.js";

const COMMON = new Set([
  "game", "audience", "phase", "num_seats", "active", "legal", "hand", "hand_sizes",
  "terminal", "outcome", "trick", "lives", "scores", "last_hand", "tricks",
]);
const LABELS = {
  knock: "Knock",
  stay: "Stay",
  fold: "Fold",
  pass: "Pass",
  laundry: "Dirty laundry",
  challenge: "Challenge",
  whistle: "Whistle",
  stand: "Stand up",
};

export const singleSelect = true;

export function isCardAction(a) {
  return a.startsWith("play ");
}

export function cardsOf(a) {
  return a.split(/\s+/).slice(1);
}

export function phaseText(ctx) {
  const o = ctx.obs;
  const bits = [o.phase];
  if (o.stake !== undefined) bits.push(`stake ${o.stake}`);
  if (o.turn !== undefined && o.turn !== null) bits.push(`${ctx.name(o.turn)} to play`);
  return bits.join(" · ");
}

export function seatInfo(ctx, seat) {
  const o = ctx.obs;
  const bits = [];
  if (o.lives) bits.push(h("span", { "data-testid": `lives-${seat}` }, `${o.lives[seat]} lives`));
  for (const key of ["folded", "knocked", "announced"]) {
    const v = o[key];
    if (Array.isArray(v) && v[seat]) bits.push(h("span", { class: "call" }, v[seat] === true ? key : v[seat]));
  }
  if (o.dealer === seat) bits.push(h("span", { class: "muted" }, "dealer"));
  return bits;
}

function playCards(p) {
  if (p.cards) return p.cards;
  if (p.card) return [p.card];
  return [];
}

export function board(ctx) {
  const o = ctx.obs;
  const trick = o.trick || [];
  const parts = [
    h(
      "div",
      { class: "trick", "data-testid": "trick" },
      trick.length === 0
        ? h("span", { class: "muted" }, "No cards on the table")
        : trick.map((p) =>
            h(
              "div",
              { class: "play" },
              h("span", { class: "who" }, ctx.name(p.seat)),
              h("span", { class: "cards" }, playCards(p).map((c) => cardEl("toepen", c))),
            ),
          ),
    ),
  ];
  const rest = Object.entries(o).filter(
    ([k, v]) => !COMMON.has(k) && v !== null && typeof v !== "object",
  );
  if (rest.length) {
    parts.push(
      h("div", { class: "facts muted" }, rest.map(([k, v]) => h("span", {}, `${k}: ${v} `))),
    );
  }
  return parts;
}

export function panels() {
  return [];
}

export function label(ctx, a) {
  const [verb, ...args] = a.split(" ");
  const base = LABELS[verb] || verb;
  return args.length ? `${base} ${args.join(" ")}` : base;
}

export function chooserTitle() {
  return "Which play?";
}

export function chooserLabel(ctx, a) {
  return a;
}

export function summary(ctx) {
  const o = ctx.obs;
  const parts = [];
  const last = o.last_hand;
  if (last) {
    parts.push(
      h(
        "div",
        { class: "round-summary", "data-testid": "round-summary" },
        h("h3", {}, "Last hand"),
        Object.entries(last).map(([k, v]) => h("p", {}, `${k}: ${JSON.stringify(v)}`)),
      ),
    );
  }
  if (o.lives) {
    parts.push(
      h(
        "table",
        { class: "score-sheet", "data-testid": "score-sheet" },
        h("tr", {}, o.lives.map((_, s) => h("th", {}, ctx.name(s)))),
        h("tr", { "data-testid": "score-row" }, o.lives.map((l) => h("td", {}, l))),
      ),
    );
  }
  return h("section", { class: "summary" }, parts);
}

export function eventText() {
  return null;
}
