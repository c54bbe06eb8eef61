// Tichu parts of the table view (contracts.md §3). Only notation is parsed here, never rules.
import { cardEl, cardText } from "./cards.js";
import { items, list, number, render, t } from "./i18n.js";
import { h } from "./ui.js";
import { give } from "./motion.js";
import { signed } from "./scores.js";

const SLOTS = ["left", "partner", "right"];
const callName = (call) => t(`tichu.call.${call}`);

const mine = (ctx) => ctx.mySeat !== null && ctx.mySeat !== undefined;

export const singleSelect = false;

export function isCardAction(a) {
  return a.startsWith("play ");
}

// Exchange choices ("exchange 9K to 1") and the Mah Jong wish ("wish 8", "nowish") have panels.
export function isPanelAction(a) {
  return a.startsWith("exchange ") || a.startsWith("wish ") || a === "nowish";
}

// "play 9G PHX(=9)" -> ["9G", "PHX"]
export function cardsOf(a) {
  return a
    .split(/\s+/)
    .slice(1)
    .map((t) => t.replace(/\(=.*\)$/, ""));
}

export function relation(ctx, seat) {
  if (!mine(ctx)) return t(seat % 2 === 0 ? "table.team_a" : "table.team_b");
  const where = ["", "left", "partner", "right"][(seat - ctx.mySeat + 4) % 4];
  return where ? t(`table.slot.${where}`) : "";
}

export function phaseText(ctx) {
  const o = ctx.obs;
  const who = o.turn === null || o.turn === undefined ? "" : ctx.name(o.turn);
  const phase = {
    grand: () => t("tichu.phase.grand"),
    exchange: () => t("tichu.phase.exchange"),
    play: () => t(o.lead ? "tichu.phase.leads" : "tichu.phase.to_play", { who }),
    dragon: () => t("tichu.phase.dragon", { who }),
    wish: () => t("tichu.phase.wish"),
    deal: () => t("table.phase.deal"),
    game_over: () => t("table.phase.game_over"),
  }[o.phase];
  return t("tichu.phase.line", { round: o.round, phase: phase ? phase() : o.phase });
}

const CALL_VALUE = { tichu: 100, grand: 200 };

// The public events of the current round (after the last round_scored).
function roundEvents(ctx) {
  const hist = ctx.history || [];
  let i = hist.length;
  while (i > 0 && hist[i - 1].type !== "round_scored") i--;
  return hist.slice(i);
}

// Badges at a seat: call (made / failed at round end), out order, points taken.
export function seatInfo(ctx, seat) {
  const o = ctx.obs;
  const bits = [];
  const call = o.calls && o.calls[seat];
  if (call) {
    const out = o.out || [];
    const state = out.length && out[0] !== seat ? "failed" : out[0] === seat ? "made" : "";
    bits.push(
      h(
        "span",
        { class: `call ${call} ${state}`, "data-testid": `call-${seat}`, title: t(`tichu.call_state.${state || "open"}`, { call: callName(call) }) },
        t(`tichu.badge.${call}`, { state: state || "open" }),
      ),
    );
  }
  if ((o.phase === "grand" || o.phase === "exchange") && o.decided && o.decided[seat]) {
    bits.push(h("span", { class: "ok" }, t("table.ready_badge")));
  }
  const pos = (o.out || []).indexOf(seat);
  if (pos >= 0) bits.push(h("span", { class: "out", "data-testid": `out-${seat}` }, t("tichu.out_badge", { place: pos + 1 })));
  if (o.pile_points && o.phase !== "grand" && o.phase !== "exchange") {
    bits.push(h("span", { class: "pts", "data-testid": `points-${seat}`, title: t("tichu.points_title") }, t("tichu.points_badge", { n: o.pile_points[seat] })));
  }
  return bits;
}

export function ordinal(n) {
  return t("table.ordinal", { n });
}

// The plays of the current trick, each at its seat (the latest play of each seat shown); a
// Dog lead shows the Dog at its seat with where the lead went.
export function trickPlays(ctx) {
  const o = ctx.obs;
  const trick = o.trick || [];
  if (!trick.length) {
    const dog = dogLead(ctx);
    return dog ? [{ seat: dog.seat, cards: ["DOG"], label: t("tichu.dog_to", { to: ctx.name(dog.to) }), top: true, kind: "dog" }] : [];
  }
  const latest = new Map();
  trick.forEach((p, i) => latest.set(p.seat, { ...p, i }));
  return [...latest.values()]
    .sort((a, b) => a.i - b.i)
    .map((p) => ({
      seat: p.seat,
      cards: p.cards,
      label: /^single [2-9JQKA10]+$/.test(p.combo) ? "" : comboLabel(p.combo),
      top: p.i === trick.length - 1,
      kind: p.combo.startsWith("bomb") ? "bomb" : "",
    }));
}

// The Dog lead of this trick, if the table is empty right after one: {seat, to}.
function dogLead(ctx) {
  const o = ctx.obs;
  if (o.phase !== "play") return null;
  const events = roundEvents(ctx);
  for (let i = events.length - 1; i >= 0; i--) {
    const ev = events[i];
    if (ev.type === "played") {
      return ev.cards.length === 1 && ev.cards[0] === "DOG" ? { seat: ev.seat, to: o.turn } : null;
    }
    if (ev.type === "trick_taken" || ev.type === "dragon_given") return null;
  }
  return null;
}

// Seats that passed since the last play: the `passes` seats after the top play's seat that
// still hold cards.
export function passed(ctx) {
  const o = ctx.obs;
  if (o.phase !== "play" || !o.passes || !(o.trick || []).length) return [];
  const top = o.trick[o.trick.length - 1].seat;
  const seats = [];
  for (let k = 1; k < 4 && seats.length < o.passes; k++) {
    const seat = (top + k) % 4;
    if ((o.hand_sizes || [])[seat] > 0) seats.push(seat);
  }
  return seats;
}

// The previous trick of this round from the history: its plays and who took it.
export function lastTrick(ctx) {
  const events = roundEvents(ctx);
  let end = events.length - 1;
  while (end >= 0 && events[end].type !== "trick_taken" && events[end].type !== "dragon_given") end--;
  if (end < 0) return null;
  const plays = [];
  for (let i = end - 1; i >= 0; i--) {
    const ev = events[i];
    if (ev.type === "trick_taken" || ev.type === "dragon_given") break;
    if (ev.type === "played" && !(ev.cards.length === 1 && ev.cards[0] === "DOG")) plays.unshift(ev);
  }
  if (!plays.length) return null;
  const last = events[end];
  return { plays, winner: last.type === "dragon_given" ? last.to : last.seat };
}

export function center(ctx) {
  const o = ctx.obs;
  const parts = [];
  if (o.wish) parts.push(h("div", { class: "banner wish", "data-testid": "wish" }, t("tichu.wish_banner", { rank: o.wish })));
  const trick = o.trick || [];
  if (o.phase === "dragon" && o.turn !== null) {
    parts.push(h("div", { class: "banner dragon", "data-testid": "dragon-gift" }, t("tichu.dragon_banner", { who: ctx.name(o.turn) })));
  }
  const gift = lastDragonGift(ctx);
  if (gift && !trick.length && o.phase === "play") {
    parts.push(h("div", { class: "banner dragon", "data-testid": "dragon-given" }, t("tichu.dragon_given_banner", { points: gift.points, to: ctx.name(gift.to) })));
  }
  if (trick.length && trick[trick.length - 1].combo.startsWith("bomb")) {
    parts.push(h("div", { class: "banner bomb", "data-testid": "bomb" }, t("tichu.bomb_banner", { who: ctx.name(trick[trick.length - 1].seat) })));
  }
  if (!trick.length && o.phase === "play" && !dogLead(ctx) && o.turn !== null && o.turn !== undefined) {
    parts.push(h("div", { class: "muted lead-hint" }, t("tichu.to_lead", { who: ctx.name(o.turn) })));
  }
  return parts;
}

function lastDragonGift(ctx) {
  const events = roundEvents(ctx);
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].type === "dragon_given") return events[i];
    if (events[i].type === "played" || events[i].type === "trick_taken") return null;
  }
  return null;
}

// A combination's label on the felt ("straight 5–9", "Phoenix 8½") from its description.
export function comboLabel(combo) {
  const c = String(combo || "");
  const [kind, ...rest] = c.split(" ");
  const arg = rest.join(" ");
  if (kind === "single") {
    const special = { DOG: "DOG", DRG: "DRG", MJ: "MJ" }[arg];
    if (special) return t(`tichu.card.${special}`);
    if (arg.startsWith("PHX")) return `${t("tichu.card.PHX")}${arg.slice(3)}`;
    return arg;
  }
  const [low, high] = arg.replace(/^straight flush /, "").split("-");
  const key = { pair: "pair", triple: "triple", full: "full_house", straight: "straight", stairs: "stairs" }[kind];
  if (key) return t(`tichu.label.${key}`, { rank: rest[rest.length - 1], low, high });
  if (kind === "bomb") return t("tichu.label.bomb", { cards: arg.startsWith("straight flush") ? `${low}–${high}` : arg });
  return c;
}

// ---- the exchange and wish panels --------------------------------------------------------
// Exchange: click a card, then the player to give it to (three times, any order). Each choice
// is sent at once as "exchange C to N"; the observation's exchange.given shows those made.

function exchanging(ctx) {
  const o = ctx.obs;
  return o.phase === "exchange" && mine(ctx) && (o.legal || []).some((a) => a.startsWith("exchange "));
}

export function onCardClick(ctx, code) {
  if (!exchanging(ctx)) return false;
  ctx.local.pick = ctx.local.pick === code ? null : code;
  return true;
}

function exchangePanel(ctx) {
  const o = ctx.obs;
  const legal = o.legal || [];
  const given = (o.exchange && o.exchange.given) || {};
  const pick = legal.some((a) => a.startsWith(`exchange ${ctx.local.pick} `)) ? ctx.local.pick : null;
  return h(
    "div",
    { class: "exchange", "data-testid": "exchange" },
    h(
      "div",
      { class: "muted", "data-testid": "exchange-hint" },
      pick ? [t("tichu.exchange.give_before"), cardEl("tichu", pick), t("tichu.exchange.give_after")] : t("tichu.exchange.hint"),
    ),
    SLOTS.map((slot, i) => {
      const seat = (ctx.mySeat + i + 1) % 4;
      const text = `exchange ${pick} to ${seat}`;
      const can = pick !== null && legal.includes(text);
      return h(
        "button",
        {
          class: `slot ${can ? "primary" : "secondary"}`,
          "data-testid": `exchange-${slot}`,
          disabled: !can,
          onclick: () => {
            ctx.local.pick = null;
            give(pick, seat);
            ctx.act(text);
          },
        },
        t("tichu.exchange.slot", { slot: t(`table.slot.${slot}`), who: ctx.name(seat) }),
        given[String(seat)] ? cardEl("tichu", given[String(seat)]) : "—",
      );
    }),
  );
}

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

function wishPanel(ctx) {
  const legal = ctx.obs.legal || [];
  const button = (a, text) =>
    h(
      "button",
      {
        class: a === "nowish" ? "" : "secondary",
        "data-testid": a === "nowish" ? "wish-none" : `wish-${a.slice(5)}`,
        "data-action": a,
        onclick: () => ctx.act(a),
      },
      text,
    );
  return h(
    "div",
    { class: "wish-chooser", "data-testid": "wish-chooser" },
    h("div", { class: "muted" }, t("tichu.wish.question")),
    legal.includes("nowish") ? button("nowish", t("tichu.action.nowish")) : null,
    RANKS.filter((r) => legal.includes(`wish ${r}`)).map((r) => button(`wish ${r}`, r)),
  );
}

export function panels(ctx) {
  const o = ctx.obs;
  const parts = [];
  if (exchanging(ctx)) parts.push(exchangePanel(ctx));
  if ((o.legal || []).some((a) => a.startsWith("wish ") || a === "nowish")) parts.push(wishPanel(ctx));
  const ex = o.exchange;
  if (ex && ex.received && Object.keys(ex.received).length && o.phase === "exchange") {
    parts.push(
      h(
        "div",
        { class: "received", "data-testid": "received" },
        t("tichu.received"),
        Object.entries(ex.received).map(([seat, c]) =>
          h("span", {}, `${ctx.name(Number(seat))} `, cardEl("tichu", c), " "),
        ),
      ),
    );
  }
  return parts;
}

// ---- labels -----------------------------------------------------------------------------

// A review's words for a decision the notation has no action for: a Tichu not called, a bomb not
// thrown (bots/tichu/review.py NO_TICHU, NO_BOMB_TEXT).
const REVIEW_WORDS = { "no tichu": "tichu.action.no_tichu", "no bomb": "tichu.action.no_bomb" };

// A play's cards as the table's history prints them (special cards by name), a Phoenix with
// the rank it stands for: "play 5G PHX(=5)" reads "5★ Phoenix as 5".
function playText(a) {
  const phx = /PHX\(=([^)]+)\)/.exec(a);
  return cardsOf(a)
    .map((code) => (code === "PHX" && phx ? t("tichu.chooser.phoenix_as", { rank: phx[1] }) : cardText("tichu", code)))
    .join(" ");
}

export function label(ctx, a) {
  if (a in REVIEW_WORDS) return t(REVIEW_WORDS[a]);
  const [verb, arg] = a.split(" ");
  switch (verb) {
    case "pass":
    case "tichu":
    case "grand":
    case "nogrand":
    case "nowish":
      return t(`tichu.action.${verb}`);
    case "give-dragon":
      return t("tichu.action.give_dragon", { to: ctx.name(Number(arg)) });
    case "exchange": // "exchange C to N": a review's note names the seat given to
      return t("tichu.action.exchange", { card: cardText("tichu", arg), to: ctx.name(Number(a.split(" ")[3])) });
    case "give": // a review's whole exchange, "give 3K to 1, KG to 2, 3R to 3"
      return items(
        a
          .slice(5)
          .split(", ")
          .map((part) => part.split(" "))
          .map(([card, , to]) => t("tichu.action.gift", { card: cardText("tichu", card), to: ctx.name(Number(to)) })),
      );
    case "play": // a review's or a replay's note: the cards as the table's history prints them
      return playText(a);
    case "bomb":
      return t("tichu.action.bomb", { cards: playText(a) });
    case "wish":
      return t("tichu.action.wish", { rank: arg });
    default:
      return a;
  }
}

export function chooserTitle(ctx, actions) {
  if (actions.some((a) => a.includes("PHX("))) return t("tichu.chooser.phoenix");
  return t("table.chooser");
}

export function chooserLabel(ctx, a) {
  const bits = [];
  const phx = /PHX\(=([^)]+)\)/.exec(a);
  if (phx) bits.push(t("tichu.chooser.phoenix_as", { rank: phx[1] }));
  return (
    bits.join(", ") ||
    cardsOf(a)
      .map((c) => cardText("tichu", c))
      .join(" ")
  );
}

// Marks on your hand's cards: the exchange picks with their target ("→ Bram"), then what you
// received ("from Bram") during the first trick of the round.
export function handMarks(ctx) {
  const ex = ctx.obs.exchange;
  if (ctx.obs.phase === "exchange") {
    const marks = {}; // exchange picks, each with its target
    for (const [seat, card] of Object.entries((ex && ex.given) || {})) {
      if (card) marks[card] = seatMark("tichu.mark.to", ctx.name(Number(seat)));
    }
    if (ctx.local && ctx.local.pick) marks[ctx.local.pick] = t("tichu.mark.picking");
    return marks;
  }
  if (!ex || !ex.received || ctx.obs.phase !== "play") return {};
  if (roundEvents(ctx).some((e) => e.type === "trick_taken" || e.type === "dragon_given")) return {};
  const marks = {};
  for (const [seat, card] of Object.entries(ex.received)) marks[card] = seatMark("tichu.mark.from", ctx.name(Number(seat)));
  return marks;
}

// A mark naming a seat, in parts with the name one of them: a narrow card breaks its line
// beside the name ("Dirk | から"), never inside the words around it ("Dirkか | ら"; hand.js).
function seatMark(key, who) {
  const [before, after] = t(key, { who: "\uE000" }).split("\uE000");
  return [before, who, after].filter(Boolean);
}

export function autoAction() {
  return null;
}

// ---- round summary, score sheet, card counter, history ------------------------------------

const TEAMS = (ctx) => [0, 1].map((team) => list([ctx.name(team), ctx.name(team + 2)]));

// The last round explained: card points, each call's bonus or penalty, the double victory.
// What a team's round points are made of: card points (or the double victory, which replaces
// them) and each call made or failed, from a round result (obs.last_round, round_scored).
function teamParts(ctx, result, team) {
  const out = result.out || [];
  const calls = (result.calls || [])
    .map((c, s) => ({ c, s }))
    .filter(({ c, s }) => c && s % 2 === team)
    .map(({ c, s }) => {
      const made = out[0] === s;
      const value = (made ? 1 : -1) * CALL_VALUE[c];
      return { text: t(made ? "tichu.call_made" : "tichu.call_failed", { who: ctx.name(s), call: t(`tichu.call_word.${c}`), value: signed(value) }), value };
    });
  const double = result.double_victory && out.length >= 2 && out[0] % 2 === team;
  const bonus = result.points[team] - calls.reduce((sum, c) => sum + c.value, 0);
  const points = (result.card_points || [])[team];
  const cards = double ? t("tichu.double_victory", { value: signed(bonus) }) : points === undefined ? "?" : number(points);
  return { cards, double, calls: calls.map((c) => c.text) };
}

export function roundSummary(ctx) {
  const last = ctx.obs.last_round;
  if (!last) return null;
  const teams = TEAMS(ctx);
  const out = last.out || [];
  const rows = [0, 1].map((team) => {
    const parts = teamParts(ctx, last, team);
    return h(
      "tr",
      { "data-testid": `summary-team-${team}` },
      h("th", {}, teams[team]),
      h("td", {}, parts.cards),
      h("td", {}, items(parts.calls) || "—"),
      h("td", { class: "total" }, number(last.points[team])),
    );
  });
  const round = ctx.obs.score_sheet ? ctx.obs.score_sheet.length : "";
  return h(
    "div",
    { class: "round-summary", "data-testid": "round-summary" },
    h("h3", {}, t("tichu.summary.title", { round, team_a: teams[0], a: last.points[0], team_b: teams[1], b: last.points[1] })),
    h(
      "table",
      { class: "summary-table" },
      h("tr", {}, ["team", "card_points", "calls", "round"].map((k) => h("th", {}, t(`tichu.summary.${k}`)))),
      rows,
    ),
    h("p", { class: "muted" }, t("tichu.summary.out", { order: items(out.map((s, i) => t("tichu.summary.place", { place: i + 1, who: ctx.name(s) }))) })),
  );
}

// The running score, each round with its breakdown (from the round_scored events of the
// history; a round whose event is no longer held shows its points only).
export function scoreSheet(ctx) {
  const o = ctx.obs;
  const teams = TEAMS(ctx);
  const sheet = o.score_sheet || [];
  const results = {};
  for (const e of ctx.history || []) if (e.type === "round_scored") results[e.round] = e;
  let run = [0, 0];
  const why = (result, team) => {
    if (!result) return "";
    const parts = teamParts(ctx, result, team);
    const cards = parts.double ? parts.cards : t("tichu.sheet.cards", { points: parts.cards });
    return items([cards, ...parts.calls]);
  };
  return h(
    "table",
    { class: "score-sheet", "data-testid": "score-sheet" },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, teams[0]), h("th", {}, teams[1]))),
    h(
      "tbody",
      {},
      sheet.map((row, i) => {
        run = [run[0] + row[0], run[1] + row[1]];
        const result = results[i + 1];
        return [
          h(
            "tr",
            { "data-testid": "score-row", title: t("tichu.sheet.running", { a: run[0], b: run[1] }) },
            h("td", {}, number(i + 1)),
            h("td", {}, number(row[0])),
            h("td", {}, number(row[1])),
          ),
          result
            ? h("tr", { class: "why", "data-testid": "score-why" }, h("td", {}, ""), h("td", {}, why(result, 0)), h("td", {}, why(result, 1)))
            : null,
        ];
      }),
    ),
    h(
      "tfoot",
      {},
      h(
        "tr",
        { "data-testid": "score-total" },
        h("th", {}, "Σ"),
        h("th", {}, number((o.scores || [0, 0])[0])),
        h("th", {}, number((o.scores || [0, 0])[1])),
      ),
    ),
  );
}

const RANK_VALUE = { J: 11, Q: 12, K: 13, A: 14 };
const SPECIAL_VALUE = { DOG: 0, MJ: 1, PHX: 15, DRG: 16 };
const SUIT_ORDER = { G: 0, K: 1, B: 2, R: 3 };

function rankValue(code) {
  if (code in SPECIAL_VALUE) return SPECIAL_VALUE[code];
  const r = code.slice(0, -1);
  return RANK_VALUE[r] || Number(r);
}

export function sortKey(code, by) {
  const rank = rankValue(code);
  const suit = code in SPECIAL_VALUE ? -1 : SUIT_ORDER[code.slice(-1)];
  return by === "suit" ? (suit + 1) * 100 + rank : rank * 10 + suit + 1;
}

// The key that picks a card: ranks as printed ("0" or "T" for 10), 1 Mah Jong, D Dog,
// P Phoenix, R Dragon.
export function rankOf(code) {
  const special = { MJ: "1", DOG: "D", PHX: "P", DRG: "R" }[code];
  if (special) return special;
  const r = code.slice(0, -1);
  return r === "10" ? "0" : r;
}

// Cards still out (not in your hand, not played this round): high cards, specials, and the
// ranks of which no card has been seen (a bomb is possible).
export function counter(ctx) {
  const o = ctx.obs;
  const dealt = (o.hand_sizes || []).some((n) => n > 0);
  if (o.phase === "grand" || o.phase === "deal" || !dealt) {
    // also during the pause after a round: nothing of the next round is out yet
    return h("p", { class: "muted", "data-testid": "counter-body" }, t("tichu.counter.waiting"));
  }
  const seen = new Set(o.hand || []);
  for (const ev of roundEvents(ctx)) if (ev.type === "played") for (const c of ev.cards) seen.add(c);
  const ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
  const rows = ranks.map((r) => {
    const left = ["G", "K", "B", "R"].filter((s) => !seen.has(`${r}${s}`));
    return h(
      "tr",
      { "data-testid": `counter-${r}`, class: left.length === 4 ? "bomb-possible" : "" },
      h("th", {}, r),
      h("td", {}, number(left.length)),
      h("td", { class: "suits" }, left.map((s) => h("span", { class: `suit-${s}` }, SUIT_SYMBOL[s]))),
    );
  });
  const specials = ["DRG", "PHX", "MJ", "DOG"].filter((c) => !seen.has(c));
  return h(
    "div",
    { "data-testid": "counter-body" },
    h("p", {}, t("tichu.counter.specials", { count: specials.length, cards: list(specials.map((c) => t(`tichu.card.${c}`))) })),
    h("table", { class: "counter" }, h("tr", {}, ["rank", "out", "suits"].map((k) => h("th", {}, t(`tichu.counter.${k}`)))), rows),
    h("p", { class: "muted" }, t("tichu.counter.note")),
  );
}

const SUIT_SYMBOL = { G: "●", K: "⚔", B: "⌂", R: "★" }; // Jade a disc, not a Diamonds ◆

// One sentence per public event: the server's narration of it (games/tichu/narrate.py).
export function eventText(ctx, ev) {
  return ev.say ? render(ev.say, ctx.name) : null;
}
