// Tichu parts of the table view (contracts.md §3). Only notation is parsed here, never rules.
import { cardEl, cardText } from "./cards.js";
import { h } from "./dom.js";

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
    game_over: "Game over",
  }[o.phase];
  return `Round ${o.round} · ${phase || o.phase}`;
}

export function seatInfo(ctx, seat) {
  const o = ctx.obs;
  const bits = [];
  const call = o.calls && o.calls[seat];
  if (call) bits.push(h("span", { class: "call", "data-testid": `call-${seat}` }, CALLS[call]));
  if ((o.phase === "grand" || o.phase === "exchange") && o.decided && o.decided[seat]) {
    bits.push(h("span", { class: "ok" }, "ready"));
  }
  const pos = (o.out || []).indexOf(seat);
  if (pos >= 0) bits.push(h("span", { class: "out" }, `out #${pos + 1}`));
  if (o.pile_points) bits.push(h("span", { class: "muted" }, `${o.pile_points[seat]} pts won`));
  return bits;
}

export function board(ctx) {
  const o = ctx.obs;
  const parts = [];
  if (o.wish) parts.push(h("div", { class: "wish", "data-testid": "wish" }, `Wish: ${o.wish}`));
  const trick = o.trick || [];
  parts.push(
    h(
      "div",
      { class: "trick", "data-testid": "trick" },
      trick.length === 0
        ? h("span", { class: "muted" }, o.phase === "play" ? "Table is empty" : "")
        : trick.map((p, i) =>
            h(
              "div",
              { class: `play ${i === trick.length - 1 ? "top" : ""}` },
              h("span", { class: "who" }, ctx.name(p.seat)),
              h(
                "span",
                { class: "cards" },
                p.cards.map((c) => cardEl("tichu", c)),
              ),
              h("span", { class: "combo muted" }, p.combo),
            ),
          ),
    ),
  );
  if (o.phase === "play" && o.passes) {
    parts.push(h("div", { class: "muted" }, `${o.passes} pass${o.passes > 1 ? "es" : ""}`));
  }
  return parts;
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
  if (ex && ex.received && Object.keys(ex.received).length) {
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

// ---- round summary and score sheet ------------------------------------------------------

const TEAMS = (ctx) => [0, 1].map((t) => `${ctx.name(t)} & ${ctx.name(t + 2)}`);

export function summary(ctx) {
  const o = ctx.obs;
  const teams = TEAMS(ctx);
  const parts = [];
  const last = o.last_round;
  if (last) {
    const calls = (last.calls || [])
      .map((c, s) => (c ? `${ctx.name(s)}: ${CALLS[c]}` : null))
      .filter(Boolean);
    parts.push(
      h(
        "div",
        { class: "round-summary", "data-testid": "round-summary" },
        h("h3", {}, "Last round"),
        h("p", {}, `${teams[0]}: ${last.points[0]} · ${teams[1]}: ${last.points[1]}`),
        h("p", { class: "muted" }, `Out: ${(last.out || []).map((s) => ctx.name(s)).join(", ")}`),
        last.double_victory ? h("p", {}, "Double victory!") : null,
        calls.length ? h("p", { class: "muted" }, calls.join(" · ")) : null,
      ),
    );
  }
  const sheet = o.score_sheet || [];
  parts.push(
    h(
      "table",
      { class: "score-sheet", "data-testid": "score-sheet" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, teams[0]), h("th", {}, teams[1]))),
      h(
        "tbody",
        {},
        sheet.map((row, i) =>
          h(
            "tr",
            { "data-testid": "score-row" },
            h("td", {}, i + 1),
            h("td", {}, row[0]),
            h("td", {}, row[1]),
          ),
        ),
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
    ),
  );
  return h("section", { class: "summary" }, parts);
}

export function eventText() {
  return null; // the generic "type key=value" line is clear enough
}
