// Toepen parts of the table view (the interface in game.js). Every legal non-card action gets a
// button (knock, stay, fold, laundry, challenge, whistle, stand, …), so new actions work
// without client changes.
import { cardText } from "./cards.js";
import { h } from "./ui.js";

const LABELS = {
  knock: "Knock!",
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
  deal: "the next deal is coming",
  game_over: "Game over",
};

export const singleSelect = true;

export function isCardAction(a) {
  return a.startsWith("play ");
}

export function isPanelAction() {
  return false;
}

export function cardsOf(a) {
  return a.split(/\s+/).slice(1);
}

export function relation(ctx, seat) {
  const o = ctx.obs;
  return o && o.dealer === seat ? "dealer" : "";
}

export function phaseText(ctx) {
  const o = ctx.obs;
  const bits = [`Hand ${o.hand_no ?? ""}`, PHASES[o.phase] || o.phase];
  if (o.trick_no && o.phase !== "deal" && o.phase !== "game_over") bits.push(`trick ${o.trick_no} of 4`);
  for (const seat of o.awaited || []) bits.push(`${ctx.name(seat)} to act`);
  return bits.join(" · ");
}

export function seatInfo(ctx, seat) {
  const o = ctx.obs;
  const bits = [];
  if (o.lives) {
    bits.push(h("span", { class: "lives", "data-testid": `lives-${seat}`, title: "lives left" }, `♥ ${o.lives[seat]}`));
  }
  const folded = !!(o.in_hand && !o.in_hand[seat] && o.phase !== "deal");
  if (o.in_game && !o.in_game[seat]) bits.push(h("span", { class: "muted" }, "out of the game"));
  else if (folded) bits.push(h("span", { class: "muted", "data-testid": `folded-${seat}` }, "folded"));
  if (o.knocker === seat) bits.push(h("span", { class: "call" }, "knocked"));
  for (const signal of ((o.signals && o.signals[seat]) || []).filter(Boolean)) {
    bits.push(h("span", { class: "call" }, LABELS[signal] || signal));
  }
  // An answer to the knock; a fold already shows as "folded".
  const answer = o.responses && (o.responses.answers || []).find((a) => a.seat === seat);
  if (answer && !(answer.answer === "fold" && folded)) {
    bits.push(h("span", { class: "ok", "data-testid": `answer-${seat}` }, LABELS[answer.answer] || answer.answer));
  }
  return bits;
}

// The current trick; when it is empty, the trick just finished stays in view (its winner
// highlighted) until the next card is played.
export function trickPlays(ctx) {
  const o = ctx.obs;
  const trick = o.trick || [];
  if (trick.length) return trick.map((p, i) => ({ seat: p.seat, cards: [p.card], label: "", top: i === trick.length - 1 }));
  const done = o.tricks || [];
  const last = done[done.length - 1];
  if (!last) return [];
  const no = done.length;
  return last.plays.map((p) => ({
    seat: p.seat,
    cards: [p.card],
    label: p.seat === last.winner ? (no === 4 ? "wins the hand's last trick" : `wins trick ${no}`) : "",
    top: p.seat === last.winner,
    kind: p.seat === last.winner ? `winner ${no === 4 ? "trick4" : ""}` : "done",
  }));
}

export function passed() {
  return [];
}

export function lastTrick(ctx) {
  const done = ctx.obs.tricks || [];
  const last = done[(ctx.obs.trick || []).length ? done.length - 1 : done.length - 2];
  if (!last) return null;
  return { plays: last.plays.map((p) => ({ seat: p.seat, cards: [p.card] })), winner: last.winner };
}

export function center(ctx) {
  const o = ctx.obs;
  const parts = [];
  if (o.stake !== undefined) {
    parts.push(h("div", { class: "stake", "data-testid": "stake", title: "lives the hand costs its losers" }, h("small", {}, "stake"), `${o.stake}`));
  }
  const waiting = o.responses && o.responses.waiting;
  if (o.knocker !== null && o.knocker !== undefined && waiting && waiting.length) {
    const knock = [...(ctx.history || [])].reverse().find((e) => e.type === "knock" || e.type === "poor");
    const raise = knock && knock.stake > o.stake ? ` Stake ${o.stake} → ${knock.stake}.` : "";
    parts.push(
      h(
        "div",
        { class: "banner knock", "data-testid": "knock-banner" },
        `${ctx.name(o.knocker)} knocked!${raise} Waiting for ${waiting.map(ctx.name).join(", ")}`,
      ),
    );
  }
  for (const ex of o.exchanges || []) {
    parts.push(
      h(
        "div",
        { class: "muted small" },
        `${ctx.name(ex.seat)} exchanged`,
        ex.challenger !== null ? `, challenged by ${ctx.name(ex.challenger)}` : "",
        ex.loser !== null ? ` (${ctx.name(ex.loser)} loses a life)` : "",
      ),
    );
  }
  if (o.stock !== undefined && o.phase !== "play") parts.push(h("div", { class: "muted small" }, `stock ${o.stock}`));
  return parts;
}

export function panels() {
  return [];
}

export function onCardClick() {
  return false;
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
  return cardsOf(a)
    .map((c) => cardText("toepen", c))
    .join(" ");
}

export function roundSummary(ctx) {
  const last = ctx.obs.last_hand;
  if (!last) return null;
  const losses = (last.losses || []).map((l, s) => (l ? `${ctx.name(s)} −${l}` : null)).filter(Boolean);
  return h(
    "div",
    { class: "round-summary", "data-testid": "round-summary" },
    h("h3", {}, `Hand ${last.hand_no}`),
    h("p", { class: "big" }, last.winner === null ? "No winner" : `${ctx.name(last.winner)} wins the hand`, last.reason ? ` (${reason(last.reason)})` : ""),
    h("p", {}, losses.length ? `Lives lost: ${losses.join(", ")}` : "Nobody lost a life"),
  );
}

function reason(text) {
  return String(text).replace(/_/g, " ");
}

export function scoreSheet(ctx) {
  const o = ctx.obs;
  if (!o.lives) return h("div", {});
  return h(
    "table",
    { class: "score-sheet", "data-testid": "score-sheet" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), o.lives.map((_, s) => h("th", {}, ctx.name(s))))),
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
  );
}

// A lone "nosignal" is no decision: the page answers it by itself.
export function autoAction(ctx) {
  const legal = ctx.obs.legal || [];
  return legal.length === 1 && legal[0] === "nosignal" ? "nosignal" : null;
}

export function handMarks() {
  return {};
}

export function counter() {
  return null;
}

const RANKS = ["J", "Q", "K", "A", "7", "8", "9", "10"]; // strength in a suit
const SUITS = { H: 0, S: 1, D: 2, C: 3 };

export function sortKey(code, by) {
  const rank = RANKS.indexOf(code.slice(0, -1));
  const suit = SUITS[code.slice(-1)] ?? 4;
  return by === "rank" ? rank * 10 + suit : suit * 10 + rank;
}

export function rankOf(code) {
  const r = code.slice(0, -1);
  return r === "10" ? "0" : r;
}

export function eventText(ctx, ev) {
  const who = typeof ev.seat === "number" ? ctx.name(ev.seat) : "";
  switch (ev.type) {
    case "dealer_chosen":
      return `${who} deals first`;
    case "deal":
      return `Hand ${ev.hand_no}: ${ctx.name(ev.dealer)} deals`;
    case "whistle":
      return `${who} whistles`;
    case "stand":
      return `${who} stands up`;
    case "laundry":
      return `${who} asks for dirty laundry`;
    case "nolaundry":
      return null;
    case "accept":
      return `${who} accepts the exchange`;
    case "challenge":
      return `${who} challenges ${ctx.name(ev.exchanger)}: ${ctx.name(ev.loser)} loses ${ev.lost}`;
    case "knock":
      return `${who} knocked! (stake ${ev.stake})`;
    case "poor":
      return `${who} is poor (stake ${ev.stake})`;
    case "four_of_a_kind":
      return `${who} shows four of a kind`;
    case "stay":
      return `${who} stays`;
    case "fold":
      return `${who} folds (loses ${ev.lost})`;
    case "stake":
      return `The stake is now ${ev.stake}`;
    case "play":
      return `${who} played ${cardText("toepen", ev.card)}`;
    case "trick":
      return `${ctx.name(ev.winner)} won trick ${ev.trick_no}`;
    case "hand_end": {
      const lost = (ev.losses || []).map((l, s) => (l ? `${ctx.name(s)} −${l}` : null)).filter(Boolean);
      return `Hand ${ev.hand_no}: ${ev.winner === null ? "no winner" : `${ctx.name(ev.winner)} wins`}${lost.length ? `; ${lost.join(", ")}` : ""}`;
    }
    case "game_over":
      return `Game over: ${(ev.winners || []).map((s) => ctx.name(s)).join(" & ")} win${(ev.winners || []).length === 1 ? "s" : ""}`;
    default:
      return null;
  }
}
