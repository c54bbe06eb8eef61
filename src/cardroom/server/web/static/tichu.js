// Tichu parts of the table view (contracts.md §3). Only notation is parsed here, never rules.
import { cardEl, cardText } from "./cards.js";
import { h } from "./ui.js";
import { give } from "./motion.js";

const SLOTS = ["left", "partner", "right"];
const CALLS = { tichu: "Tichu!", grand: "Grand Tichu!" };

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
  if (!mine(ctx)) return seat % 2 === 0 ? "team A" : "team B";
  return ["", "left", "partner", "right"][(seat - ctx.mySeat + 4) % 4];
}

export function phaseText(ctx) {
  const o = ctx.obs;
  const who = o.turn === null || o.turn === undefined ? "" : ctx.name(o.turn);
  const phase = {
    grand: "Grand Tichu? (8 cards)",
    exchange: "Exchange: one card for each player",
    play: o.lead ? `${who} leads` : `${who} to play`,
    dragon: `${who} gives the Dragon trick away`,
    wish: "Mah Jong: a wish is being named",
    deal: "the next deal is coming",
    game_over: "Game over",
  }[o.phase];
  return `Round ${o.round} · ${phase || o.phase}`;
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
        { class: `call ${call} ${state}`, "data-testid": `call-${seat}`, title: state ? `${CALLS[call]} ${state}` : CALLS[call] },
        `${call === "grand" ? "Grand" : "Tichu"}${state === "made" ? " ✓" : state === "failed" ? " ✗" : "!"}`,
      ),
    );
  }
  if ((o.phase === "grand" || o.phase === "exchange") && o.decided && o.decided[seat]) {
    bits.push(h("span", { class: "ok" }, "ready"));
  }
  const pos = (o.out || []).indexOf(seat);
  if (pos >= 0) bits.push(h("span", { class: "out", "data-testid": `out-${seat}` }, `out ${ordinal(pos + 1)}`));
  if (o.pile_points && o.phase !== "grand" && o.phase !== "exchange") {
    bits.push(h("span", { class: "pts", "data-testid": `points-${seat}`, title: "card points taken this round" }, `${o.pile_points[seat]} pts`));
  }
  return bits;
}

export function ordinal(n) {
  return `${n}${["th", "st", "nd", "rd"][n % 10 > 3 || Math.floor(n / 10) === 1 ? 0 : n % 10]}`;
}

// The plays of the current trick, each at its seat (the latest play of each seat shown); a
// Dog lead shows the Dog at its seat with where the lead went.
export function trickPlays(ctx) {
  const o = ctx.obs;
  const trick = o.trick || [];
  if (!trick.length) {
    const dog = dogLead(ctx);
    return dog ? [{ seat: dog.seat, cards: ["DOG"], label: `Dog → ${ctx.name(dog.to)}`, top: true, kind: "dog" }] : [];
  }
  const latest = new Map();
  trick.forEach((p, i) => latest.set(p.seat, { ...p, i }));
  return [...latest.values()]
    .sort((a, b) => a.i - b.i)
    .map((p) => ({
      seat: p.seat,
      cards: p.cards,
      label: /^single [2-9JQKA10]+$/.test(p.combo) ? "" : comboWords(p.combo),
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
  if (o.wish) parts.push(h("div", { class: "banner wish", "data-testid": "wish" }, `Wish: ${o.wish}`));
  const trick = o.trick || [];
  if (o.phase === "dragon" && o.turn !== null) {
    parts.push(h("div", { class: "banner dragon", "data-testid": "dragon-gift" }, `${ctx.name(o.turn)} won with the Dragon and gives the trick away`));
  }
  const gift = lastDragonGift(ctx);
  if (gift && !trick.length && o.phase === "play") {
    parts.push(h("div", { class: "banner dragon", "data-testid": "dragon-given" }, `Dragon trick (${gift.points} pts) → ${ctx.name(gift.to)}`));
  }
  if (trick.length && trick[trick.length - 1].combo.startsWith("bomb")) {
    parts.push(h("div", { class: "banner bomb", "data-testid": "bomb" }, `Bomb by ${ctx.name(trick[trick.length - 1].seat)}!`));
  }
  if (!trick.length && o.phase === "play" && !dogLead(ctx) && o.turn !== null && o.turn !== undefined) {
    parts.push(h("div", { class: "muted lead-hint" }, `${ctx.name(o.turn)} to lead`));
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

// "straight 5-9" -> "straight 5–9"; specials by name.
export function comboWords(combo) {
  const c = String(combo || "");
  if (c.startsWith("single ")) {
    const what = c.slice(7);
    const special = { DOG: "Dog", DRG: "Dragon", MJ: "Mah Jong" }[what];
    if (special) return special;
    if (what.startsWith("PHX")) return `Phoenix${what.slice(3)}`;
    return what;
  }
  return c.replace(/-/g, "–");
}

// A play in words: "a straight 5–9", "a pair of 7s", "the Dragon".
export function playWords(combo) {
  const c = String(combo || "");
  const [kind, ...rest] = c.split(" ");
  const arg = rest.join(" ").replace(/-/g, "–");
  if (kind === "single") {
    const what = comboWords(c);
    if (/^(Dog|Dragon|Mah Jong|Phoenix)/.test(what)) return `the ${what}`;
    return /^(A|8)$/.test(what) ? `an ${what}` : `a ${what}`;
  }
  if (kind === "pair") return `a pair of ${arg}s`;
  if (kind === "triple") return `three ${arg}s`;
  if (kind === "full") return `a full house (${rest.slice(1).join(" ")}s)`;
  if (kind === "straight") return `a straight ${arg}`;
  if (kind === "stairs") return `stairs ${arg}`;
  if (kind === "bomb") return arg.startsWith("straight flush") ? `a straight-flush bomb ${arg.slice(15)}` : `a bomb ${arg}`;
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
      pick ? ["Give ", cardEl("tichu", pick), " to:"] : "Click a card, then the player to give it to:",
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
        `${slot} (${ctx.name(seat)}): `,
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
    h("div", { class: "muted" }, "Mah Jong: wish for a rank?"),
    legal.includes("nowish") ? button("nowish", "No wish") : null,
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
        "Received: ",
        Object.entries(ex.received).map(([seat, c]) =>
          h("span", {}, `${ctx.name(Number(seat))} `, cardEl("tichu", c), " "),
        ),
      ),
    );
  }
  return parts;
}

// ---- labels -----------------------------------------------------------------------------

export function label(ctx, a) {
  const [verb, arg] = a.split(" ");
  switch (verb) {
    case "pass":
      return "Pass";
    case "tichu":
      return "Tichu!";
    case "grand":
      return "Grand Tichu!";
    case "nogrand":
      return "No Grand";
    case "give-dragon":
      return `Give Dragon to ${ctx.name(Number(arg))}`;
    case "bomb":
      return `Bomb ${a.slice(5)} onto the trick`;
    case "nowish":
      return "No wish";
    case "wish":
      return `Wish ${arg}`;
    default:
      return a;
  }
}

export function chooserTitle(ctx, actions) {
  if (actions.some((a) => a.includes("PHX("))) return "Which rank does the Phoenix stand for?";
  return "Which play?";
}

export function chooserLabel(ctx, a) {
  const bits = [];
  const phx = /PHX\(=([^)]+)\)/.exec(a);
  if (phx) bits.push(`Phoenix as ${phx[1]}`);
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
      if (card) marks[card] = `→ ${ctx.name(Number(seat))}`;
    }
    if (ctx.local && ctx.local.pick) marks[ctx.local.pick] = "give to…";
    return marks;
  }
  if (!ex || !ex.received || ctx.obs.phase !== "play") return {};
  if (roundEvents(ctx).some((e) => e.type === "trick_taken" || e.type === "dragon_given")) return {};
  const marks = {};
  for (const [seat, card] of Object.entries(ex.received)) marks[card] = `from ${ctx.name(Number(seat)).replace(" (you)", "")}`;
  return marks;
}

export function autoAction() {
  return null;
}

// ---- round summary, score sheet, card counter, history ------------------------------------

const TEAMS = (ctx) => [0, 1].map((t) => `${ctx.name(t)} & ${ctx.name(t + 2)}`);

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
      return { text: `${ctx.name(s)}'s ${CALLS[c].replace("!", "")} ${made ? "made" : "failed"} ${signed(value)}`, value };
    });
  const double = result.double_victory && out.length >= 2 && out[0] % 2 === team;
  const bonus = result.points[team] - calls.reduce((sum, c) => sum + c.value, 0);
  const cards = double ? `double victory ${signed(bonus)}` : `${(result.card_points || [])[team] ?? "?"}`;
  return { cards, calls: calls.map((c) => c.text) };
}

function signed(n) {
  return n < 0 ? `−${-n}` : `+${n}`;
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
      h("td", {}, parts.calls.join(", ") || "—"),
      h("td", { class: "total" }, `${last.points[team]}`),
    );
  });
  const round = ctx.obs.score_sheet ? ctx.obs.score_sheet.length : "";
  return h(
    "div",
    { class: "round-summary", "data-testid": "round-summary" },
    h("h3", {}, `Round ${round} · ${teams[0]}: ${last.points[0]} · ${teams[1]}: ${last.points[1]}`),
    h(
      "table",
      { class: "summary-table" },
      h("tr", {}, h("th", {}, "Team"), h("th", {}, "Card points"), h("th", {}, "Calls"), h("th", {}, "Round")),
      rows,
    ),
    h("p", { class: "muted" }, `Out: ${out.map((s, i) => `${ordinal(i + 1)} ${ctx.name(s)}`).join(", ")}`),
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
    const cards = parts.cards.startsWith("double") ? parts.cards : `cards ${parts.cards}`;
    return [cards, ...parts.calls].join(", ");
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
            { "data-testid": "score-row", title: `running total ${run[0]} : ${run[1]}` },
            h("td", {}, i + 1),
            h("td", {}, row[0]),
            h("td", {}, row[1]),
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
        h("th", {}, (o.scores || [0, 0])[0]),
        h("th", {}, (o.scores || [0, 0])[1]),
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
    return h("p", { class: "muted", "data-testid": "counter-body" }, "The counter starts once the cards are dealt.");
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
      h("td", {}, `${left.length}`),
      h("td", { class: "suits" }, left.map((s) => h("span", { class: `suit-${s}` }, SUIT_SYMBOL[s]))),
    );
  });
  const specials = ["DRG", "PHX", "MJ", "DOG"].filter((c) => !seen.has(c));
  return h(
    "div",
    { "data-testid": "counter-body" },
    h("p", {}, "Specials out: ", specials.length ? specials.map((c) => SPECIAL_NAME[c]).join(", ") : "none"),
    h("table", { class: "counter" }, h("tr", {}, h("th", {}, "rank"), h("th", {}, "out"), h("th", {}, "suits")), rows),
    h("p", { class: "muted" }, "Highlighted: no card of that rank seen yet (a bomb is possible)."),
  );
}

const SUIT_SYMBOL = { G: "●", K: "⚔", B: "⌂", R: "★" }; // Jade a disc, not a Diamonds ◆
const SPECIAL_NAME = { DRG: "Dragon", PHX: "Phoenix", MJ: "Mah Jong", DOG: "Dog" };

// One sentence per public event.
export function eventText(ctx, ev) {
  const who = typeof ev.seat === "number" ? ctx.name(ev.seat) : "";
  switch (ev.type) {
    case "grand_decided":
      return ev.grand ? `${who} called Grand Tichu!` : null;
    case "calls_revealed": {
      const grands = (ev.calls || []).map((c, s) => (c === "grand" ? ctx.name(s) : null)).filter(Boolean);
      return grands.length ? `Grand Tichu called by ${grands.join(", ")}` : "No Grand Tichu this round";
    }
    case "exchange_submitted":
      return `${who} passed three cards`;
    case "exchange_revealed":
      return "The cards were exchanged";
    case "tichu_called":
      return `${who} called Tichu!`;
    case "played":
      if (ev.cards.length === 1 && ev.cards[0] === "DOG") return `${who} led the Dog`;
      if (String(ev.combo).startsWith("bomb")) return `${who} bombed with ${playWords(ev.combo)}!`;
      return `${who} played ${playWords(ev.combo)}`;
    case "passed":
      return `${who} passed`;
    case "wish_made":
      return `${who} wished for ${/^(A|8)$/.test(ev.rank) ? "an" : "a"} ${ev.rank}`;
    case "wish_fulfilled":
      return `${who} fulfilled the wish (${ev.rank})`;
    case "trick_taken":
      return `${who} took the trick${ev.points ? ` (${ev.points} points)` : ""}`;
    case "dragon_given":
      return `${who} gave the Dragon trick (${ev.points} points) to ${ctx.name(ev.to)}`;
    case "player_out":
      return `${who} is out (${ordinal(ev.place)})`;
    case "round_scored": {
      const teams = TEAMS(ctx);
      return `Round ${ev.round}: ${teams[0]} ${ev.points[0]}, ${teams[1]} ${ev.points[1]} (total ${ev.scores[0]} : ${ev.scores[1]})`;
    }
    case "game_over":
      return `Game over: ${(ev.winners || []).map((s) => ctx.name(s)).join(" & ")} win ${ev.scores[0]} : ${ev.scores[1]}`;
    default:
      return null;
  }
}
