// The table view: seats, board, your hand and actions, summary. Game-specific parts live in
// tichu.js / toepen.js; legality comes only from obs.legal (the browser computes no rules).
import * as api from "./api.js";
import { cardEl } from "./cards.js";
import { h, testid } from "./dom.js";
import { TableSocket } from "./socket.js";
import * as tichu from "./tichu.js";
import * as toepen from "./toepen.js";

const GAMES = { tichu, toepen };
const BOT_LEVELS = ["heuristic", "random"];
const LOG_SIZE = 40;

export function mountTable(root, id) {
  const saved = api.savedSeat(id);
  const ctx = {
    id,
    meta: null,
    seats: [],
    mySeat: saved ? saved.seat : null,
    token: saved ? saved.token : null,
    obs: null,
    v: null,
    status: "connecting…",
    selected: [],
    chooser: null,
    message: null,
    log: [],
    local: {}, // game module scratch space (e.g. Tichu exchange picks)
    playerName: localStorage.getItem("cardroom.name") || "",
    botLevel: localStorage.getItem("cardroom.botLevel") || BOT_LEVELS[0],
  };
  window.cardroom = ctx; // handy for debugging and for the end-to-end tests

  const main = h("main", { class: "table", "data-testid": "table-view" });
  root.replaceChildren(header(ctx, id), main);

  ctx.game = () => GAMES[(ctx.obs && ctx.obs.game) || (ctx.meta && ctx.meta.game)] || GAMES.tichu;
  ctx.name = (seat) => seatName(ctx, seat);
  ctx.render = () => main.replaceChildren(...view(ctx));
  ctx.say = (text, kind = "error") => {
    ctx.message = text ? { text, kind } : null;
    ctx.render();
  };
  ctx.act = async (text) => {
    if (ctx.inflight === text) return; // a double click sends an action once
    ctx.inflight = text;
    ctx.chooser = null;
    const reject = await ctx.socket.act(text).finally(() => (ctx.inflight = null));
    if (reject) {
      ctx.say(`Refused: ${reject.msg || reject.code}`);
    } else {
      ctx.selected = [];
      ctx.local = {};
      ctx.message = null;
      ctx.render();
    }
  };
  ctx.connect = () => {
    if (ctx.socket) ctx.socket.close();
    ctx.socket = new TableSocket(id, ctx.token, handlers(ctx));
    ctx.socket.open();
  };

  api
    .getTable(id)
    .then((meta) => {
      ctx.meta = meta;
      if (Array.isArray(meta.seats)) ctx.seats = meta.seats;
      ctx.render();
    })
    .catch((err) => ctx.say(`Cannot load table ${id}: ${err.message}`));
  ctx.render();
  ctx.connect();
  return ctx;
}

function handlers(ctx) {
  return {
    onStatus: (text) => {
      ctx.status = text;
      ctx.render();
    },
    onWelcome: (seat) => {
      if (ctx.token && (seat === null || seat === undefined)) {
        api.forgetSeat(ctx.id); // the token no longer binds a seat
        ctx.token = null;
      }
      ctx.mySeat = seat === undefined ? ctx.mySeat : seat;
    },
    onState: (obs, v) => {
      ctx.obs = obs;
      ctx.v = v;
      const hand = new Set(obs.hand || []);
      ctx.selected = ctx.selected.filter((c) => hand.has(c));
      if (ctx.chooser) {
        const legal = new Set(obs.legal || []);
        ctx.chooser = ctx.chooser.filter((a) => legal.has(a));
        if (!ctx.chooser.length) ctx.chooser = null;
      }
      ctx.render();
    },
    onEvents: (events) => {
      for (const ev of events) {
        const text = ctx.game().eventText(ctx, ev) ?? genericEvent(ctx, ev);
        if (text) ctx.log.push(text);
      }
      ctx.log = ctx.log.slice(-LOG_SIZE);
    },
    onSeats: (seats, mySeat) => {
      ctx.seats = seats;
      if (mySeat !== undefined) ctx.mySeat = mySeat;
      ctx.render();
    },
    onReject: (msg) => {
      if (msg.code === "unauthorized" && ctx.token) {
        api.forgetSeat(ctx.id);
        ctx.token = null;
        ctx.mySeat = null;
        ctx.say(`Your seat token was refused (${msg.msg}); watching as a spectator.`);
        ctx.connect();
        return;
      }
      ctx.say(`Refused: ${msg.msg || msg.code}`);
    },
  };
}

function header(ctx, id) {
  const link = `${location.origin}/t/${id}`;
  const name = h("input", {
    "data-testid": "player-name",
    placeholder: "your name",
    value: ctx.playerName,
    maxlength: 24,
    oninput: (e) => {
      ctx.playerName = e.target.value;
      localStorage.setItem("cardroom.name", ctx.playerName);
    },
  });
  const level = h(
    "select",
    {
      "data-testid": "bot-level",
      onchange: (e) => {
        ctx.botLevel = e.target.value;
        localStorage.setItem("cardroom.botLevel", ctx.botLevel);
      },
    },
    BOT_LEVELS.map((l) => h("option", { value: l, selected: l === ctx.botLevel }, l)),
  );
  return h(
    "header",
    { class: "bar" },
    h("a", { href: "/", class: "home" }, "cardroom"),
    h(
      "span",
      { class: "join" },
      "Join link: ",
      h("a", { href: link, "data-testid": "join-link" }, link),
      h(
        "button",
        {
          class: "small",
          onclick: () => navigator.clipboard && navigator.clipboard.writeText(link),
        },
        "copy",
      ),
    ),
    h("label", {}, "Name ", name),
    h("label", {}, "Bots ", level),
  );
}

function seatName(ctx, seat) {
  const info = ctx.seats.find((s) => s.seat === seat);
  let base = (info && info.name) || `Seat ${seat}`;
  if (ctx.seats.some((s) => s.seat !== seat && s.name === base)) base = `${base} ${seat}`;
  return seat === ctx.mySeat ? `${base} (you)` : base;
}

function view(ctx) {
  const obs = ctx.obs;
  const game = ctx.game();
  const parts = [];
  parts.push(
    h(
      "div",
      { class: "status" },
      h("span", { "data-testid": "status" }, ctx.status),
      obs ? h("span", { "data-testid": "phase", class: "phase" }, game.phaseText(ctx)) : null,
      yourMove(ctx)
        ? h("span", { class: "badge go", "data-testid": "your-move" }, "your move")
        : null,
      ctx.mySeat === null || ctx.mySeat === undefined
        ? h("span", { "data-testid": "spectator", class: "badge" }, "spectating")
        : [
            h("span", { class: "badge" }, `you are seat ${ctx.mySeat}`),
            h(
              "button",
              { class: "small", "data-testid": "leave", onclick: () => leave(ctx) },
              "leave",
            ),
          ],
      obs && obs.terminal
        ? h("a", { href: `/api/tables/${ctx.id}/record`, "data-testid": "record" }, "game log")
        : null,
      api.inviteLink(ctx.id)
        ? h("a", { href: api.inviteLink(ctx.id), "data-testid": "invite" }, "invite link")
        : null,
    ),
  );
  if (ctx.message) {
    parts.push(
      h(
        "div",
        { class: `message ${ctx.message.kind}`, "data-testid": "message", role: "alert" },
        ctx.message.text,
        h("button", { class: "small", onclick: () => ctx.say(null) }, "×"),
      ),
    );
  }
  parts.push(seatsView(ctx));
  if (obs) {
    parts.push(h("section", { class: "board", "data-testid": "board" }, game.board(ctx)));
    if (obs.hand) parts.push(myArea(ctx));
    parts.push(game.summary(ctx));
    if (obs.terminal) parts.push(outcomeView(ctx));
  }
  parts.push(
    h(
      "details",
      { class: "log" },
      h("summary", {}, "Table log"),
      h(
        "ol",
        { "data-testid": "log" },
        ctx.log.map((line) => h("li", {}, line)),
      ),
    ),
  );
  return parts;
}

// Whether the game waits for you (not merely allows an interrupt such as a bomb).
function yourMove(ctx) {
  const o = ctx.obs;
  if (!o || !(o.legal || []).length) return false;
  if (o.turn !== null && o.turn !== undefined) return o.turn === ctx.mySeat;
  return !(o.decided && o.decided[ctx.mySeat]); // simultaneous phases: until you decided
}

function seatsView(ctx) {
  const obs = ctx.obs;
  const n = (obs && obs.num_seats) || ctx.seats.length || (ctx.meta && ctx.meta.num_seats) || 0;
  const me = ctx.mySeat ?? 0;
  const order = Array.from({ length: n }, (_, i) => (me + i) % n);
  return h(
    "section",
    { class: "seats", "data-testid": "seats" },
    order.map((seat) => seatView(ctx, seat)),
  );
}

function seatView(ctx, seat) {
  const obs = ctx.obs;
  const info = ctx.seats.find((s) => s.seat === seat) || { seat, kind: "empty", name: null };
  const active = obs && obs.active && obs.active.includes(seat);
  const turn = obs && (obs.turn === seat || (obs.turn === undefined && active));
  const controls = [];
  if (info.kind === "empty") {
    if (ctx.mySeat === null || ctx.mySeat === undefined) {
      controls.push(
        h("button", { "data-testid": `sit-${seat}`, onclick: () => sit(ctx, seat) }, "Sit here"),
      );
    }
    controls.push(
      h(
        "button",
        { "data-testid": `add-bot-${seat}`, class: "secondary", onclick: () => bot(ctx, seat) },
        "Add bot",
      ),
    );
  } else if (info.kind === "bot" && (ctx.mySeat === null || ctx.mySeat === undefined)) {
    controls.push(
      h(
        "button",
        { "data-testid": `take-${seat}`, class: "small", onclick: () => sit(ctx, seat) },
        "take over from the bot",
      ),
    );
  }
  const kind = info.kind === "bot" ? "bot" : info.kind === "empty" ? "empty" : "";
  return h(
    "div",
    {
      class: `seat ${turn ? "turn" : ""} ${seat === ctx.mySeat ? "mine" : ""}`,
      "data-testid": `seat-${seat}`,
    },
    h(
      "div",
      { class: "seat-name" },
      h("span", { class: `dot ${info.online ? "online" : ""}` }),
      info.kind === "empty" ? `Seat ${seat} (empty)` : ctx.name(seat),
      kind ? h("span", { class: "badge" }, kind) : null,
      ctx.game().relation ? h("span", { class: "rel" }, ctx.game().relation(ctx, seat)) : null,
    ),
    obs
      ? h(
          "div",
          { class: "seat-info" },
          h(
            "span",
            { "data-testid": `count-${seat}` },
            `${(obs.hand_sizes || [])[seat] ?? 0} cards`,
          ),
          ctx.game().seatInfo(ctx, seat),
        )
      : null,
    controls.length ? h("div", { class: "seat-controls" }, controls) : null,
  );
}

async function sit(ctx, seat) {
  const name = ctx.playerName.trim();
  if (!name) {
    ctx.say("Type your name first, then take a seat.");
    return;
  }
  try {
    const res = await api.takeSeat(ctx.id, seat, name);
    api.saveSeat(ctx.id, res.seat, res.token, name);
    ctx.token = res.token;
    ctx.mySeat = res.seat;
    ctx.say(null);
    ctx.connect();
  } catch (err) {
    ctx.say(`Could not take seat ${seat}: ${err.message}`);
  }
}

async function leave(ctx) {
  try {
    await api.leaveSeat(ctx.id, ctx.mySeat, ctx.token);
  } catch (err) {
    ctx.say(`Could not leave: ${err.message}`);
    return;
  }
  api.forgetSeat(ctx.id);
  ctx.token = null;
  ctx.mySeat = null;
  ctx.say("You left your seat; watching as a spectator.", "info");
  ctx.connect();
}

async function bot(ctx, seat) {
  try {
    await api.addBot(ctx.id, seat, ctx.botLevel);
    const meta = await api.getTable(ctx.id);
    if (Array.isArray(meta.seats)) ctx.seats = meta.seats;
    ctx.say(null);
  } catch (err) {
    ctx.say(`Could not add a bot to seat ${seat}: ${err.message}`);
  }
}

// ---- your hand and actions ------------------------------------------------------------

function myArea(ctx) {
  const obs = ctx.obs;
  const game = ctx.game();
  const mine = obs.active && obs.active.includes(ctx.mySeat);
  return h(
    "section",
    { class: `mine ${mine ? "active" : ""}`, "data-testid": "my-area" },
    game.panels(ctx),
    h(
      "div",
      { class: "hand", "data-testid": "hand" },
      obs.hand.map((code) =>
        cardEl(obs.game, code, {
          class: ctx.selected.includes(code) ? "selected" : "",
          "data-testid": `card-${code}`,
          role: "button",
          tabindex: 0,
          onclick: () => clickCard(ctx, code),
          onkeydown: (e) => {
            if (e.key === "Enter" || e.key === " ") {
              e.preventDefault();
              clickCard(ctx, code);
            }
          },
        }),
      ),
    ),
    actionBar(ctx),
    ctx.chooser ? chooserView(ctx) : null,
  );
}

function clickCard(ctx, code) {
  const game = ctx.game();
  if (game.onCardClick && game.onCardClick(ctx, code)) {
    ctx.render();
    return;
  }
  ctx.chooser = null;
  if (ctx.selected.includes(code)) ctx.selected = ctx.selected.filter((c) => c !== code);
  else ctx.selected = game.singleSelect ? [code] : [...ctx.selected, code];
  ctx.render();
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}

// The legal play actions whose cards are exactly the selection.
export function matchingPlays(ctx) {
  const game = ctx.game();
  return (ctx.obs.legal || []).filter(
    (a) => game.isCardAction(a) && sameCards(game.cardsOf(a), ctx.selected),
  );
}

function actionBar(ctx) {
  const game = ctx.game();
  const legal = ctx.obs.legal || [];
  const matches = ctx.selected.length ? matchingPlays(ctx) : [];
  const hasPlays = legal.some((a) => game.isCardAction(a));
  const play = h(
    "button",
    {
      "data-testid": "play",
      class: "primary",
      disabled: matches.length === 0,
      title: hasPlays ? "select cards that form a legal play" : "nothing to play now",
      onclick: () => {
        if (matches.length === 1) ctx.act(matches[0]);
        else if (matches.length > 1) {
          ctx.chooser = matches;
          ctx.render();
        }
      },
    },
    "Play",
  );
  const others = legal
    .filter((a) => !game.isCardAction(a) && !(game.isPanelAction && game.isPanelAction(a)))
    .map((a) =>
      h(
        "button",
        {
          "data-testid": `action-${testid(a)}`,
          "data-action": a,
          class: a === "pass" ? "" : "secondary",
          onclick: () => ctx.act(a),
        },
        game.label(ctx, a),
      ),
    );
  const hint = ctx.selected.length && !matches.length ? "not a legal play" : "";
  return h(
    "div",
    { class: "actions", "data-testid": "actions" },
    hasPlays || ctx.selected.length || ctx.obs.turn === ctx.mySeat ? play : null,
    others,
    hint ? h("span", { class: "hint", "data-testid": "hint" }, hint) : null,
  );
}

function chooserView(ctx) {
  const game = ctx.game();
  return h(
    "div",
    { class: "chooser", "data-testid": "chooser", role: "dialog" },
    h("div", { class: "chooser-title" }, game.chooserTitle(ctx, ctx.chooser)),
    ctx.chooser.map((a) =>
      h(
        "button",
        { "data-testid": "chooser-option", "data-action": a, onclick: () => ctx.act(a) },
        game.chooserLabel(ctx, a),
      ),
    ),
    h(
      "button",
      {
        class: "secondary",
        onclick: () => {
          ctx.chooser = null;
          ctx.render();
        },
      },
      "Cancel",
    ),
  );
}

function outcomeView(ctx) {
  const out = ctx.obs.outcome;
  if (!out) return null;
  const winners = (out.winners || []).map((s) => ctx.name(s)).join(", ") || "nobody";
  return h(
    "section",
    { class: "outcome", "data-testid": "outcome" },
    h("h3", {}, "Game over"),
    h("p", {}, `Winners: ${winners}. `, out.reason ? `(${out.reason})` : ""),
    h("p", {}, "Scores: ", ctx.seats.length ? "" : "", out.scores.join(" / ")),
  );
}

// "Bob: played 7G 7K combo=pair 7" — seat numbers become names, nulls are left out.
function genericEvent(ctx, ev) {
  const { type, seat, ...rest } = ev;
  const show = (v) => {
    if (Array.isArray(v)) return v.map(show).join(" ");
    return typeof v === "object" ? JSON.stringify(v) : v;
  };
  const parts = Object.entries(rest)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => (k === "cards" || k === "card" ? show(v) : `${k}=${show(v)}`));
  const text = `${type.replaceAll("_", " ")} ${parts.join(" ")}`.trim();
  return typeof seat === "number" ? `${ctx.name(seat)}: ${text}` : text;
}
