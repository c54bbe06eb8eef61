// Toepen parts of the table view. Every legal non-card action gets a button (knock, stay,
// fold, laundry, challenge, whistle, stand, …), so new actions work without client changes.
import { cardEl } from "./cards.js";
import { h } from "./dom.js";

const LABELS = {
  knock: "Knock",
  stay: "Stay",
  fold: "Fold",
  laundry: "Dirty laundry",
  nolaundry: "Keep my hand",
  challenge: "Challenge!",
  accept: "Accept",
  whistle: "Whistle",
  stand: "Stand up",
  nosignal: "No signal",
};
const PHASES = {
  laundry: "Dirty laundry?",
  challenge: "Challenge the exchange?",
  announce: "Signals",
  play: "Play",
  respond: "Knock: stay or fold?",
  deal: "Dealing",
  game_over: "Game over",
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
  const bits = [`Hand ${o.hand_no ?? ""}`, PHASES[o.phase] || o.phase];
  if (o.stake !== undefined) bits.push(`stake ${o.stake}`);
  if (o.turn !== undefined && o.turn !== null) bits.push(`${ctx.name(o.turn)} to act`);
  return bits.join(" · ");
}

export function seatInfo(ctx, seat) {
  const o = ctx.obs;
  const bits = [];
  if (o.lives) bits.push(h("span", { "data-testid": `lives-${seat}` }, `${o.lives[seat]} lives`));
  if (o.in_game && o.in_hand && o.in_game[seat] && !o.in_hand[seat] && o.phase !== "deal") {
    bits.push(h("span", { class: "muted" }, "folded"));
  }
  if (o.knocker === seat) bits.push(h("span", { class: "call" }, "knocked"));
  for (const signal of ((o.signals && o.signals[seat]) || []).filter(Boolean)) {
    bits.push(h("span", { class: "call" }, LABELS[signal] || signal));
  }
  if (o.dealer === seat) bits.push(h("span", { class: "muted" }, "dealer"));
  return bits;
}

function playsView(ctx, plays, winner) {
  return plays.map((p) =>
    h(
      "div",
      { class: `play ${p.seat === winner ? "top" : ""}` },
      h("span", { class: "who" }, ctx.name(p.seat)),
      h("span", { class: "cards" }, cardEl("toepen", p.card)),
    ),
  );
}

export function board(ctx) {
  const o = ctx.obs;
  const trick = o.trick || [];
  const parts = [
    h(
      "div",
      { class: "muted" },
      o.trick_no ? `Trick ${o.trick_no} of 4 · ` : "",
      `stock ${o.stock ?? "?"}`,
    ),
    h(
      "div",
      { class: "trick", "data-testid": "trick" },
      trick.length === 0
        ? h("span", { class: "muted" }, "No cards on the table")
        : playsView(ctx, trick, null),
    ),
  ];
  const waiting = o.responses && o.responses.waiting;
  if (o.knocker !== null && o.knocker !== undefined && waiting && waiting.length) {
    parts.push(
      h(
        "div",
        { class: "wish" },
        `${ctx.name(o.knocker)} knocked: waiting for ${waiting.map(ctx.name).join(", ")}`,
      ),
    );
  }
  for (const ex of o.exchanges || []) {
    parts.push(
      h(
        "div",
        { class: "muted" },
        `${ctx.name(ex.seat)} exchanged`,
        ex.challenger !== null ? `, challenged by ${ctx.name(ex.challenger)}` : "",
        ex.loser !== null ? ` (${ctx.name(ex.loser)} loses a life)` : "",
        ex.discard ? [": ", ex.discard.map((c) => cardEl("toepen", c))] : "",
      ),
    );
  }
  const done = o.tricks || [];
  if (done.length) {
    parts.push(
      h(
        "details",
        { class: "tricks" },
        h("summary", {}, `Earlier tricks (${done.length})`),
        done.map((t, i) =>
          h(
            "div",
            { class: "trick" },
            h("span", { class: "muted" }, `Trick ${i + 1}`),
            playsView(ctx, t.plays, t.winner),
          ),
        ),
      ),
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
    const losses = (last.losses || [])
      .map((l, s) => (l ? `${ctx.name(s)} −${l}` : null))
      .filter(Boolean);
    parts.push(
      h(
        "div",
        { class: "round-summary", "data-testid": "round-summary" },
        h("h3", {}, `Hand ${last.hand_no}`),
        h(
          "p",
          {},
          last.winner === null ? "No winner" : `${ctx.name(last.winner)} wins`,
          last.reason ? ` (${last.reason})` : "",
        ),
        h("p", { class: "muted" }, losses.length ? `Lives lost: ${losses.join(", ")}` : ""),
      ),
    );
  }
  if (o.lives) {
    parts.push(
      h(
        "table",
        { class: "score-sheet", "data-testid": "score-sheet" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, ""),
            o.lives.map((_, s) => h("th", {}, ctx.name(s))),
          ),
        ),
        h(
          "tbody",
          {},
          h(
            "tr",
            { "data-testid": "score-row" },
            h("td", {}, "lives"),
            o.lives.map((l) => h("td", {}, l)),
          ),
        ),
      ),
    );
  }
  return h("section", { class: "summary" }, parts);
}

export function eventText() {
  return null;
}
