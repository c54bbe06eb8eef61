// Toepen parts of the table view (the interface in game.js). Every legal non-card action gets a
// button (knock, stay, fold, laundry, challenge, whistle, stand, …), so new actions work
// without client changes.
import { cardText } from "./cards.js";
import { aside, items, list, number, render, t } from "./i18n.js";
import { h } from "./ui.js";

const ACTIONS = ["knock", "stay", "fold", "laundry", "nolaundry", "challenge", "accept", "whistle", "stand", "nosignal"];
const PHASES = ["laundry", "challenge", "announce", "play", "respond"];
const actionWord = (verb) => (ACTIONS.includes(verb) ? t(`toepen.action.${verb}`) : verb);
const phaseWord = (phase) =>
  PHASES.includes(phase) ? t(`toepen.phase.${phase}`) : phase === "deal" || phase === "game_over" ? t(`table.phase.${phase}`) : phase;

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
  return o && o.dealer === seat ? t("toepen.dealer") : "";
}

export function phaseText(ctx) {
  const o = ctx.obs;
  const bits = [t("toepen.hand_no", { n: o.hand_no ?? 0 }), phaseWord(o.phase)];
  if (o.trick_no && o.phase !== "deal" && o.phase !== "game_over") bits.push(t("toepen.trick_of", { n: o.trick_no }));
  for (const seat of o.awaited || []) bits.push(t("toepen.to_act", { who: ctx.name(seat) }));
  return bits.join(" · ");
}

export function seatInfo(ctx, seat) {
  const o = ctx.obs;
  const bits = [];
  if (o.lives) {
    bits.push(h("span", { class: "lives", "data-testid": `lives-${seat}`, title: t("toepen.lives_title") }, `♥ ${number(o.lives[seat])}`));
  }
  const folded = !!(o.in_hand && !o.in_hand[seat] && o.phase !== "deal");
  if (o.in_game && !o.in_game[seat]) bits.push(h("span", { class: "muted" }, t("toepen.out_of_game")));
  else if (folded) bits.push(h("span", { class: "muted", "data-testid": `folded-${seat}` }, t("toepen.folded")));
  if (o.knocker === seat) bits.push(h("span", { class: "call" }, t("toepen.knocked_badge")));
  for (const signal of ((o.signals && o.signals[seat]) || []).filter(Boolean)) {
    bits.push(h("span", { class: "call" }, actionWord(signal)));
  }
  // An answer to the knock; a fold already shows as "folded".
  const answer = o.responses && (o.responses.answers || []).find((a) => a.seat === seat);
  if (answer && !(answer.answer === "fold" && folded)) {
    bits.push(h("span", { class: "ok", "data-testid": `answer-${seat}` }, actionWord(answer.answer)));
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
    label: p.seat === last.winner ? (no === 4 ? t("toepen.wins_last_trick") : t("toepen.wins_trick", { n: no })) : "",
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
    parts.push(h("div", { class: "stake", "data-testid": "stake", title: t("toepen.stake_title") }, h("small", {}, t("toepen.stake_label")), number(o.stake)));
  }
  const waiting = o.responses && o.responses.waiting;
  if (o.knocker !== null && o.knocker !== undefined && waiting && waiting.length) {
    const knock = [...(ctx.history || [])].reverse().find((e) => e.type === "knock" || e.type === "poor");
    const raise = knock && knock.stake > o.stake ? t("toepen.raise", { from: o.stake, to: knock.stake }) : "";
    parts.push(
      h(
        "div",
        { class: "banner knock", "data-testid": "knock-banner" },
        t("toepen.knock_banner", { who: ctx.name(o.knocker), raise, waiting: list(waiting.map(ctx.name)) }),
      ),
    );
  }
  for (const ex of o.exchanges || []) {
    parts.push(
      h(
        "div",
        { class: "muted small" },
        t("toepen.exchanged", {
          who: ctx.name(ex.seat),
          challenged: ex.challenger !== null ? "yes" : "no",
          challenger: ex.challenger !== null ? ctx.name(ex.challenger) : "",
          lost: ex.loser !== null ? "yes" : "no",
          loser: ex.loser !== null ? ctx.name(ex.loser) : "",
        }),
      ),
    );
  }
  if (o.stock !== undefined && o.phase !== "play") parts.push(h("div", { class: "muted small" }, t("toepen.stock", { n: o.stock })));
  return parts;
}

export function panels() {
  return [];
}

export function onCardClick() {
  return false;
}

export function label(ctx, a) {
  if (isCardAction(a)) return chooserLabel(ctx, a); // a review's or a replay's note: the card as printed
  const [verb, ...args] = a.split(" ");
  const base = actionWord(verb);
  return args.length ? `${base} ${args.join(" ")}` : base;
}

export function chooserTitle() {
  return t("table.chooser");
}

export function chooserLabel(ctx, a) {
  return cardsOf(a)
    .map((c) => cardText("toepen", c))
    .join(" ");
}

export function roundSummary(ctx) {
  const last = ctx.obs.last_hand;
  if (!last) return null;
  const losses = (last.losses || []).map((l, s) => (l ? `${ctx.name(s)} −${number(l)}` : null)).filter(Boolean);
  return h(
    "div",
    { class: "round-summary", "data-testid": "round-summary" },
    h("h3", {}, t("toepen.hand_no", { n: last.hand_no })),
    h("p", { class: "big" }, aside(last.winner === null ? t("toepen.no_winner") : t("toepen.wins_hand", { who: ctx.name(last.winner) }), last.reason && reason(ctx, last))),
    h("p", {}, losses.length ? t("toepen.lives_lost", { losses: items(losses) }) : t("toepen.nobody_lost")),
  );
}

// Why the hand ended, in words: the narration of its hand_end event (the engine's English
// reason when that event is no longer in the history).
function reason(ctx, last) {
  const end = (ctx.history || []).find((e) => e.type === "hand_end" && e.hand_no === last.hand_no);
  const said = end && end.say && end.say.params.reason;
  return said ? render(said.msg, ctx.name) : String(last.reason);
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
        h("td", {}, t("toepen.lives")),
        o.lives.map((l) => h("td", {}, number(l))),
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

// One sentence per public event: the server's narration of it (games/toepen/narrate.py).
export function eventText(ctx, ev) {
  return ev.say ? render(ev.say, ctx.name) : null;
}
