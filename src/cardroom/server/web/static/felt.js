// The felt: the seats around, the trick in the middle (each play at the seat that played it),
// the match score in a corner, banners and the overlays (round summary, game over, last trick).
// Pure functions of the view returning preact vnodes, so the replay draws the same felt.
import { isOwner } from "./api.js";
import { cardBack, cardEl, indexEnd } from "./cards.js";
import { seatAnchor, seatPosition, seatSide } from "./game.js";
import { items, list, number, seatNumber, t } from "./i18n.js";
import { levelName } from "./levels.js";
import { startTableReview, tableReviewOffered } from "./review.js";
import { h } from "./ui.js";
import { seatControls } from "./seats.js";

export const seated = (view) => view.mySeat !== null && view.mySeat !== undefined;

export function numSeats(view) {
  const obs = view.obs;
  return (obs && obs.num_seats) || view.seats.length || (view.meta && view.meta.num_seats) || 0;
}

export function feltView(view) {
  const n = numSeats(view);
  const game = view.game();
  const obs = view.obs;
  const parts = [];
  const me = view.mySeat ?? 0;
  const passed = obs ? new Set(game.passed(view)) : new Set();
  for (let seat = 0; seat < n; seat++) parts.push(seatView(view, seat, n, me, passed.has(seat)));
  if (!obs) return parts;
  parts.push(scoreBoard(view));
  // A trick everyone passed on lies until the next lead (its winner may still bomb onto it):
  // shown faded and said to be won, so "X leads" never looks like a trick to beat.
  const won = !!(obs.lead && (obs.trick || []).length);
  const plays = game.trickPlays(view).map((p) => (won ? { ...p, kind: `${p.kind || ""} done` } : p));
  const seen = view.seenPlays || new Set(); // only a play new since the last render animates
  const keys = plays.map((p) => `${p.seat}:${p.cards.join(",")}`);
  parts.push(
    h(
      "div",
      { class: `trick ${obs.game}`, "data-testid": "trick", "aria-label": t("table.trick", {}) },
      plays.map((p, i) => playView(view, p, n, me, !seen.has(keys[i]), keys[i])),
    ),
  );
  const top = plays.find((p) => p.top);
  if (won && top) {
    parts.push(h("div", { class: "won-note", "data-testid": "trick-won" }, t("table.trick_won", { name: view.name(top.seat) })));
  }
  view.seenPlays = new Set(keys);
  parts.push(
    h(
      "div",
      { class: "center" },
      view.hold ? h("div", { class: "banner bomb", "data-testid": "hold" }, t("table.hold", { name: view.name(view.hold.seat) })) : null,
      game.center(view),
    ),
  );
  const last = game.lastTrick(view);
  if (last && !view.replay) {
    parts.push(
      h(
        "button",
        {
          class: "small last-trick-button",
          "data-testid": "last-trick-button",
          "aria-expanded": String(!!view.showLast),
          onclick: () => view.update((s) => (s.showLast = !s.showLast)),
        },
        view.showLast ? t("table.last_trick.hide") : t("table.last_trick.show"),
      ),
    );
  }
  // Overlays come last and sit in their own layer above every card (style.css .overlay).
  if (last && view.showLast && !view.replay) parts.push(lastTrickView(view, last));
  if (view.roundEnd && !obs.terminal && !view.replay) parts.push(roundEndView(view));
  if (obs.terminal && !view.replay && !view.outcomeClosed) parts.push(outcomeView(view));
  return parts;
}

// A side scores at most this in a Tichu round: a double victory (200) and a made Grand Tichu.
const ROUND_MOST = 400;

// The match in one line, always on the felt: each side's total, the target, the round. With a
// round limit the round reads "Round 2 of 4"; a target the limit comes before (a duplicate
// board plays one round; the daily challenge's boards play to 10,000) is not shown.
export function matchScore(view) {
  const obs = view.obs;
  if (!obs) return null;
  if (obs.game === "tichu") {
    const options = (view.meta && view.meta.options) || {};
    const target = options.target_score || 1000;
    const rounds = options.max_rounds || 0;
    const names = (team) => list([team, team + 2].map((s) => view.name(s)));
    const mine = seated(view) ? view.mySeat % 2 : null;
    return {
      round: rounds ? t("table.score.round_of", { round: obs.round, rounds }) : t("table.score.round", { round: obs.round }),
      target: rounds && target > rounds * ROUND_MOST ? null : t("table.score.target", { target }),
      sides: (mine === null ? [0, 1] : [mine, 1 - mine]).map((team) => ({ // your side first
        label: mine === null ? t(team ? "table.score.team_b" : "table.score.team_a") : t(team === mine ? "table.score.us" : "table.score.them"),
        title: names(team),
        value: (obs.scores || [0, 0])[team],
      })),
    };
  }
  const lives = obs.lives || [];
  return {
    round: t("table.score.hand", { hand: obs.hand_no ?? 1 }),
    target: t("table.score.lives_target", {}),
    sides: lives.map((life, seat) => ({
      label: view.name(seat).replace(/ \(.*\)$/, ""),
      title: view.name(seat),
      value: life,
    })),
  };
}

function scoreBoard(view) {
  const score = matchScore(view);
  if (!score) return null;
  return h(
    "div",
    { class: "scoreboard", "data-testid": "scoreboard", role: "status", "aria-label": t("table.score.label") },
    h("span", { class: "sb-round", "data-testid": "score-round" }, score.round),
    score.sides.map((side, i) =>
      h(
        "span",
        { class: "sb-side", title: side.title, "data-testid": `score-side-${i}` },
        h("span", { class: "sb-label" }, side.label),
        " ",
        h("b", {}, number(side.value)),
      ),
    ),
    score.target ? h("span", { class: "sb-target", "data-testid": "score-target" }, score.target) : null,
  );
}

// A play lies between its seat and the centre; style.css may move it (--x, --y) by its side
// (at-left, …) and overlaps its --n cards more tightly as they grow, to keep it in its room,
// never hiding a card's corner index: --strip is the share of a card's width left in view
// (the widest index under another card, plus a unit), and the cards shrink when that many
// strips would not fit their room.
function playView(view, p, n, me, fresh, key) {
  const [x, y] = seatPosition(p.seat, me, n, 0.26, 0.45);
  const side = seatSide(p.seat, me, n);
  const strip = Math.max(0, ...p.cards.slice(0, -1).map((c) => (indexEnd(view.obs.game, c) + 1) / 60));
  return h(
    "div",
    {
      key,
      class: `play ${side ? `at-${side}` : ""} ${p.top ? "top" : ""} ${p.kind || ""} ${fresh ? "fresh" : ""}`,
      style: `--x:${x}%;--y:${y}%`,
      "data-seat": p.seat,
      "data-testid": `play-${p.seat}`,
    },
    h(
      "span",
      { class: "cards", style: `--n:${p.cards.length};--strip:${strip.toFixed(3)}` },
      p.cards.map((c) => cardEl(view.obs.game, c, { class: "mini", key: c })),
    ),
    p.label ? h("span", { class: "combo" }, p.label) : null,
  );
}

// A dialog in the felt's overlay layer: opaque, above every card, with a Close button (Escape
// closes the topmost one too, see table.js).
function overlay(testid, cls, label, close, ...children) {
  return h(
    "div",
    { class: `overlay ${cls}`, "data-testid": testid, role: "dialog", "aria-label": label },
    h(
      "button",
      { class: "small close-x", "data-testid": `${testid}-x`, "aria-label": t("table.close"), onclick: close },
      "×",
    ),
    ...children,
  );
}

function lastTrickView(view, last) {
  const title =
    last.winner === null || last.winner === undefined
      ? t("table.last_trick.title")
      : t("table.last_trick.won_by", { name: view.name(last.winner) });
  return overlay(
    "last-trick",
    "last-trick",
    t("table.last_trick.title"),
    () => view.update((s) => (s.showLast = false)),
    h("h3", {}, title),
    h(
      "div",
      { class: "last-plays" },
      last.plays.map((p) =>
        h(
          "div",
          { class: `play ${p.seat === last.winner ? "top" : ""}` },
          h("span", { class: "who" }, view.name(p.seat)),
          h("span", { class: "cards" }, p.cards.map((c) => cardEl(view.obs.game, c, { class: "mini" }))),
        ),
      ),
    ),
  );
}

export function dealCountdown(view) {
  return t("table.next_deal_in", { seconds: Math.max(0, Math.ceil((view.dealAt - Date.now()) / 1000)) });
}

function roundEndView(view) {
  const summary = view.game().roundSummary(view);
  if (!summary) return null;
  const close = () => view.update((s) => (s.roundEnd = null));
  return overlay(
    "round-end",
    "round-end",
    t("table.round_end.label"),
    close,
    summary,
    view.dealAt ? h("p", { class: "countdown", "data-testid": "next-deal" }, dealCountdown(view)) : null,
    readyView(view),
    h(
      "div",
      { class: "overlay-buttons" },
      tableReviewOffered(view)
        ? h(
            "button",
            {
              class: "secondary",
              "data-testid": "round-end-review",
              onclick: () => {
                view.update((s) => ([s.tab, s.sideOpen, s.roundEnd] = ["review", true, null]));
                startTableReview(view);
              },
            },
            t("review.mine"),
          )
        : null,
      h(
        "button",
        {
          class: view.dealAt && seated(view) ? "secondary" : "primary",
          "data-testid": "round-end-close",
          onclick: close,
        },
        t("table.close"),
      ),
    ),
  );
}

// During the pause before the next deal: "Ready" (the deal comes once every human is ready,
// else when the countdown ends) and who is ready already, as the server last said (its `ready`
// and `welcome` frames): a press only asks, so a press the server never took shows no one ready.
function readyView(view) {
  if (!view.dealAt || view.replay) return null;
  const ready = view.readySeats || [];
  const mine = seated(view) && ready.includes(view.mySeat);
  return h(
    "div",
    { class: "ready-row" },
    seated(view)
      ? h(
          "button",
          {
            class: "primary",
            "data-testid": "ready",
            disabled: mine,
            onclick: () => view.socket.send({ t: "ready" }),
          },
          mine ? t("table.ready.waiting") : t("table.ready"),
        )
      : null,
    ready.length
      ? h(
          "span",
          { class: "muted", "data-testid": "ready-list" },
          t("table.ready.list", { names: list(ready.map((s) => view.name(s))) }),
        )
      : null,
  );
}

function outcomeView(view) {
  const out = view.obs.outcome;
  if (!out) return null;
  const winners = list((out.winners || []).map((s) => view.name(s))) || t("table.outcome.nobody");
  return overlay(
    "outcome",
    "outcome",
    t("table.outcome.title"),
    () => view.update((s) => (s.outcomeClosed = true)),
    h("h3", {}, t("table.outcome.title")),
    h("p", { class: "big" }, t(out.winners && out.winners.length === 1 ? "table.outcome.wins" : "table.outcome.win", { names: winners })),
    view.game().roundSummary(view),
    view.game().scoreSheet(view), // the final score in the game's own terms (points, lives)
    h(
      "div",
      { class: "row" },
      view.meta && (seated(view) || isOwner(view.id)) // the server refuses anyone else's
        ? h("button", { class: "primary", "data-testid": "rematch", onclick: () => view.rematch() }, t("table.rematch"))
        : null,
      h("a", { href: `/replay/${view.id}`, class: "button" }, t("table.watch_replay")),
      tableReviewOffered(view)
        ? h("a", { href: `/replay/${view.id}?review=${view.mySeat}`, class: "button", "data-testid": "review-link" }, t("review.link"))
        : null,
      h("a", { href: "/", class: "button" }, t("table.lobby")),
    ),
  );
}

// What a seat shows in words (its aria-label): name, relation, cards in hand, call, out order,
// whose move it is, whether the player is away; side by side as the reader's language writes
// items (the catalogue's separator: "Cy, partner, bot", "Cy、パートナー、ボット").
function seatWords(view, seat, info, count, owes) {
  if (info.kind === "empty") return t("table.seat.empty", { seat: seatNumber(seat) });
  const obs = view.obs;
  const bits = [view.name(seat)];
  const rel = view.game().relation(view, seat);
  if (rel) bits.push(rel);
  if (info.kind === "bot") bits.push(t("table.seat.bot"));
  if (isAway(view, seat, info)) bits.push(t("table.seat.away"));
  if (count !== null) bits.push(t("table.seat.cards", { count }));
  const call = obs && obs.calls && obs.calls[seat];
  if (call) bits.push(t(call === "grand" ? "table.seat.called_grand" : "table.seat.called_tichu"));
  const pos = obs && obs.out ? obs.out.indexOf(seat) : -1;
  if (pos >= 0) bits.push(t("table.seat.out", { place: pos + 1 }));
  if (owes) bits.push(t("table.seat.to_move"));
  return items(bits);
}

// A human seat whose player is gone (offline) or timed out again and again (a bot plays it).
export function isAway(view, seat, info) {
  if (view.replay || !info || info.kind !== "human") return false;
  return !info.online || !!info.away || !!(view.clock && (view.clock.away || []).includes(seat));
}

// The seats that owe a move now (every phase: the Grand decision, the exchange, a play).
export function owing(view) {
  const o = view.obs;
  return o && !o.terminal ? o.awaited || [] : []; // every observation lists them
}

// Seconds left to a seat's move, or null without a clock.
export function clockLeft(view, seat) {
  const clock = view.clock;
  if (!clock || !clock.deadlines || view.replay) return null;
  const at = clock.deadlines[seat];
  if (at === null || at === undefined) return null;
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function seatView(view, seat, n, me, passed) {
  const obs = view.obs;
  const info = view.seats.find((s) => s.seat === seat) || { seat, kind: "empty", name: null };
  const game = view.game();
  const owes = owing(view).includes(seat);
  const side = seatSide(seat, me, n);
  const open = obs && obs.hands && seat !== view.mySeat ? obs.hands[seat] : null;
  // A seat showing its hand (a replay with all hands open) is tall: across hangs from the
  // felt's top edge and yours stands on its bottom edge, inside the felt (style.css gives such
  // a felt the height for it).
  let [x, y] = seatPosition(seat, me, n);
  let anchor = seatAnchor(seat, me, n);
  if (open && side === "across") [y, anchor] = [1, "translate(-50%, 0)"];
  if (open && side === "me") [y, anchor] = [99, "translate(-50%, -100%)"];
  const controls = view.replay ? [] : seatControls(view, seat, info);
  const levelSelect = controls.some((c) => c && c.type === "select"); // the owner's: shows the level
  const rel = game.relation(view, seat);
  const count = obs ? (obs.hand_sizes || [])[seat] ?? 0 : null;
  const away = isAway(view, seat, info);
  const left = owes ? clockLeft(view, seat) : null;
  return h(
    "div",
    {
      key: `seat-${seat}`,
      class: `seat ${side ? `at-${side}` : ""} ${owes ? "turn" : ""} ${seat === view.mySeat ? "mine" : ""} ${info.kind} ${away ? "away" : ""}`,
      style: `left:${x}%;top:${y}%;transform:${anchor}`,
      "data-testid": `seat-${seat}`,
      role: "group",
      "aria-label": seatWords(view, seat, info, count, owes),
    },
    h(
      "div",
      { class: "seat-name" },
      h("span", { class: `dot ${info.online ? "online" : ""}`, title: info.online ? t("table.seat.online") : t("table.seat.offline") }),
      h("span", { class: "who" }, info.kind === "empty" ? t("table.seat.empty_name", { seat: seatNumber(seat) }) : view.name(seat)),
      info.kind === "bot"
        ? h(
            "span",
            { class: "badge bot", title: t("table.seat.bot_level", { level: levelName(info.level) }), "data-testid": `bot-badge-${seat}` },
            t("table.seat.bot"),
            levelSelect ? null : h("span", { class: "lvl" }, ` · ${levelName(info.level)}`),
          )
        : null,
      away ? h("span", { class: "badge away", "data-testid": `away-${seat}` }, t("table.seat.away")) : null,
      rel ? h("span", { class: "rel" }, rel) : null,
    ),
    obs
      ? h(
          "div",
          { class: "seat-info" },
          count !== null
            ? h(
                "span",
                { class: "count", "data-testid": `count-${seat}`, title: t("table.seat.cards", { count }) },
                cardBack({ class: "tiny" }),
                `${count}`,
              )
            : null,
          game.seatInfo(view, seat),
          left !== null
            ? h(
                "span",
                { class: `timer ${left <= 5 ? "low" : ""}`, "data-testid": `clock-${seat}`, role: "timer" },
                t("table.clock.left", { seconds: left }),
              )
            : null,
        )
      : null,
    passed ? h("span", { class: "pass-marker", "data-testid": `passed-${seat}` }, t("table.passed_marker")) : null,
    open ? h("div", { class: "open-hand" }, open.map((c) => cardEl(obs.game, c, { class: "mini" }))) : null,
    controls.length ? h("div", { class: "seat-controls" }, controls) : null,
  );
}
