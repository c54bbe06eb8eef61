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

export function isPanelAction(a) {
  return a.startsWith("exchange ");
}

// "play 9G PHX(=9) wish=8" -> ["9G", "PHX"]
export function cardsOf(a) {
  return a
    .split(/\s+/)
    .slice(1)
    .filter((t) => !t.startsWith("wish="))
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

// ---- the exchange panel -----------------------------------------------------------------

function exchanging(ctx) {
  const o = ctx.obs;
  return (
    o.phase === "exchange" &&
    mine(ctx) &&
    !(o.decided && o.decided[ctx.mySeat]) &&
    !(o.exchange && o.exchange.given && Object.keys(o.exchange.given).length)
  );
}

function picks(ctx) {
  if (!ctx.local.exchange) ctx.local.exchange = [null, null, null];
  return ctx.local.exchange;
}

export function onCardClick(ctx, code) {
  if (!exchanging(ctx)) return false;
  const p = picks(ctx);
  const at = p.indexOf(code);
  if (at >= 0) p[at] = null;
  else if (p.includes(null)) p[p.indexOf(null)] = code;
  return true;
}

export function panels(ctx) {
  const o = ctx.obs;
  const parts = [];
  if (exchanging(ctx)) {
    const p = picks(ctx);
    const text = `exchange ${p.join(" ")}`;
    const listed = (o.legal || []).filter(isPanelAction);
    const ok = !p.includes(null) && (listed.length === 0 || listed.includes(text));
    parts.push(
      h(
        "div",
        { class: "exchange", "data-testid": "exchange" },
        h("div", { class: "muted" }, "Click a card for each player, in order:"),
        SLOTS.map((slot, i) => {
          const seat = (ctx.mySeat + i + 1) % 4;
          return h(
            "div",
            {
              class: "slot",
              "data-testid": `exchange-${slot}`,
              onclick: () => {
                p[i] = null;
                ctx.render();
              },
            },
            h("span", { class: "muted" }, `${slot} (${ctx.name(seat)}): `),
            p[i] ? cardEl("tichu", p[i]) : "—",
          );
        }),
        h(
          "button",
          {
            class: "primary",
            "data-testid": "exchange-submit",
            disabled: !ok,
            onclick: () => ctx.act(text),
          },
          "Give these cards",
        ),
      ),
    );
  }
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
    default:
      return a;
  }
}

export function chooserTitle(ctx, actions) {
  const phoenix = actions.some((a) => a.includes("PHX("));
  const wish = actions.some((a) => a.includes("wish="));
  if (phoenix && wish) return "Phoenix rank and Mah Jong wish:";
  if (phoenix) return "Which rank does the Phoenix stand for?";
  if (wish || actions.some((a) => cardsOf(a).includes("MJ"))) return "Mah Jong: wish for a rank?";
  return "Which play?";
}

export function chooserLabel(ctx, a) {
  const bits = [];
  const phx = /PHX\(=([^)]+)\)/.exec(a);
  if (phx) bits.push(`Phoenix as ${phx[1]}`);
  const wish = /wish=(\S+)/.exec(a);
  if (wish) bits.push(`wish ${wish[1]}`);
  else if (cardsOf(a).includes("MJ")) bits.push("no wish");
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
