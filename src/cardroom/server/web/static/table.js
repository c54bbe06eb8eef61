// The table page: a card table (you at the bottom, the others around), your hand in one fanned
// row, the trick in the middle with each card at the seat that played it, and a side panel with
// the history, the chat, the score sheet and the card counter. Game-specific parts come from a
// game module through the interface declared in game.js; legality comes only from obs.legal.
import * as api from "./api.js";
import { friendly } from "./api.js";
import { cardBack, cardEl } from "./cards.js";
import { h, testid } from "./dom.js";
import { languageSwitcher } from "./language.js";
import { levelHint } from "./levels.js";
import { sweepTrick } from "./motion.js";
import { checkGame, seatAnchor, seatPosition } from "./game.js";
import { TableSocket } from "./socket.js";
import * as tichu from "./tichu.js";
import * as toepen from "./toepen.js";

export const GAMES = { tichu: checkGame("tichu", tichu), toepen: checkGame("toepen", toepen) };
const DEFAULT_LEVELS = ["heuristic", "random"];
const HISTORY_SIZE = 600;
const BOT_NAMES = ["Ada", "Bram", "Cleo", "Dirk", "Eva", "Finn", "Greet", "Hugo"];

// ---- the view: what the game modules read ---------------------------------------------------

export { friendly };

export function makeView(fields) {
  const view = {
    obs: null,
    mySeat: null,
    seats: [],
    selected: [],
    local: {},
    history: [],
    render: () => {},
    ...fields,
  };
  view.name = (seat) => seatName(view, seat);
  view.game = () => GAMES[(view.obs && view.obs.game) || view.gameName] || GAMES.tichu;
  return view;
}

// A seat's display name: its player, or a friendly bot name; "(you)" for your seat (not in a
// replay, where the seat is only whose view is shown).
export function seatName(view, seat) {
  const info = view.seats.find((s) => s.seat === seat);
  let base = info && info.name;
  if (info && info.kind === "bot" && (!base || /^bot\b/.test(base))) base = BOT_NAMES[seat % 8];
  base = base || `Seat ${seat}`;
  if (view.seats.some((s) => s.seat !== seat && s.name === base)) base = `${base} ${seat}`;
  return seat === view.mySeat && !view.replay ? `${base} (you)` : base;
}

// Whether the game waits for you (not merely allows an interrupt such as a bomb).
export function yourMove(view) {
  const o = view.obs;
  if (!o || !(o.legal || []).length) return false;
  return owes(o, view.mySeat);
}

// Whether the game waits for ``seat``: every observation lists the seats that owe a move.
export function owes(obs, seat) {
  return Boolean(obs && (obs.awaited || []).includes(seat));
}

// ---- mounting ------------------------------------------------------------------------------

export function mountTable(root, id) {
  const saved = api.savedSeat(id);
  const ctx = makeView({
    id,
    meta: null,
    mySeat: saved ? saved.seat : null,
    token: saved ? saved.token : null,
    v: null,
    status: "connecting…",
    chooser: null,
    message: null,
    log: [], // history sentences (kept for the tests and the title)
    chat: [],
    tab: "log",
    sortBy: localStorage.getItem("cardroom.sort") || "rank",
    chime: localStorage.getItem("cardroom.chime") === "on",
    showLast: false,
    roundEnd: null, // {v} while the round-end summary is shown
    dealAt: null,
    turnTimeout: 0,
    turnSince: null,
    levels: DEFAULT_LEVELS,
    playerName: localStorage.getItem("cardroom.name") || "",
    botLevel: localStorage.getItem("cardroom.botLevel") || DEFAULT_LEVELS[0],
  });
  window.cardroom = ctx; // handy for debugging and for the end-to-end tests

  const shell = buildShell(ctx, id);
  root.replaceChildren(shell.header, shell.main);
  ctx.shell = shell;

  ctx.render = () => render(ctx);
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
      ctx.say(`Refused: ${friendly(reject.msg || reject.code)}`);
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
      ctx.gameName = meta.game;
      if (Array.isArray(meta.seats)) ctx.seats = meta.seats;
      setTitle(ctx); // the welcome may have come first: keep its "your turn"
      ctx.render();
      return api.listGames();
    })
    .then((games) => {
      const game = (games || []).find((g) => g.name === ctx.gameName);
      if (game && Array.isArray(game.bot_levels) && game.bot_levels.length) {
        ctx.levels = game.bot_levels;
        if (!ctx.levels.includes(ctx.botLevel)) ctx.botLevel = ctx.levels[0];
        shell.fillLevels();
      }
    })
    .catch((err) => ctx.say(`Cannot load table ${id}: ${friendly(err.message)}`));
  ctx.timer = setInterval(() => tick(ctx), 1000);
  ctx.onKey = (e) => onKey(ctx, e);
  document.addEventListener("keydown", ctx.onKey);
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
    onWelcome: (seat, msg) => {
      if (ctx.token && (seat === null || seat === undefined)) {
        api.forgetSeat(ctx.id); // the token no longer binds a seat
        ctx.token = null;
      }
      ctx.mySeat = seat === undefined ? ctx.mySeat : seat;
      if (msg && Array.isArray(msg.history)) {
        ctx.history = msg.history.slice(-HISTORY_SIZE);
        ctx.log = [];
        ctx.shell.log.replaceChildren();
        for (const ev of ctx.history) addLog(ctx, ev);
      }
      if (msg && Array.isArray(msg.chat)) {
        ctx.chat = [];
        ctx.shell.chatList.replaceChildren();
        for (const line of msg.chat) addChat(ctx, line);
      }
      if (msg) {
        ctx.turnTimeout = msg.turn_timeout || 0;
        ctx.dealAt = msg.next_deal_in == null ? null : Date.now() + msg.next_deal_in * 1000;
        if (ctx.dealAt) ctx.roundEnd = { v: msg.v }; // reconnected during the pause
      }
    },
    onState: (obs, v) => {
      const before = ctx.obs;
      const wasMine = yourMove(ctx);
      ctx.obs = obs;
      ctx.v = v;
      const cards = (o) => (o && o.hand_sizes ? o.hand_sizes.reduce((a, b) => a + b, 0) : 0);
      if (ctx.roundEnd && before && cards(obs) > cards(before)) ctx.roundEnd = null; // dealt
      if (!before || String(before.awaited) !== String(obs.awaited) || before.phase !== obs.phase) {
        ctx.turnSince = Date.now();
      }
      const hand = new Set(obs.hand || []);
      ctx.selected = ctx.selected.filter((c) => hand.has(c));
      if (ctx.chooser) {
        const legal = new Set(obs.legal || []);
        ctx.chooser = ctx.chooser.filter((a) => legal.has(a));
        if (!ctx.chooser.length) ctx.chooser = null;
      }
      const mine = yourMove(ctx);
      const auto = mine ? ctx.game().autoAction(ctx) : null;
      if (auto && ctx.autoSent !== v) {
        ctx.autoSent = v; // once per position
        ctx.act(auto);
      } else if (mine && !wasMine) chime(ctx);
      setTitle(ctx);
      ctx.render();
    },
    onEvents: (events, v) => {
      for (const ev of events) {
        const entry = { v, ...ev };
        ctx.history.push(entry);
        addLog(ctx, entry);
        if (ev.type === "round_scored" || ev.type === "hand_end") ctx.roundEnd = { v };
        const taker = ev.type === "dragon_given" ? ev.to : ev.type === "trick_taken" ? ev.seat : ev.type === "trick" ? ev.winner : null;
        if (typeof taker === "number") sweepTrick(taker); // the page still shows the trick
        if (ev.type === "hand_dealt" || ev.type === "deal" || ev.type === "game_over") {
          if (ev.type !== "game_over") ctx.roundEnd = null;
          ctx.dealAt = null;
        }
      }
      if (ctx.history.length > HISTORY_SIZE) ctx.history = ctx.history.slice(-HISTORY_SIZE);
    },
    onSeats: (seats, mySeat) => {
      ctx.seats = seats;
      if (mySeat !== undefined) ctx.mySeat = mySeat;
      ctx.render();
    },
    onChat: (line) => {
      addChat(ctx, line);
      if (ctx.tab !== "chat") ctx.shell.tabs.chat.classList.add("unread");
    },
    onUnseated: (msg) => {
      api.forgetSeat(ctx.id);
      ctx.token = null;
      ctx.mySeat = null;
      ctx.say(`You no longer hold seat ${msg.seat} (${friendly(msg.reason || "")}): you are watching now.`, "info");
    },
    onReady: (seats) => {
      ctx.readySeats = seats;
      ctx.render();
    },
    onPause: (seconds) => {
      ctx.readySeats = [];
      ctx.dealAt = Date.now() + seconds * 1000;
      ctx.render();
    },
    onReject: (msg) => {
      if (msg.code === "unauthorized" && ctx.token) {
        api.forgetSeat(ctx.id);
        ctx.token = null;
        ctx.mySeat = null;
        ctx.say(`Your seat was not recognised (${friendly(msg.msg)}); watching as a spectator.`);
        ctx.connect();
        return;
      }
      ctx.say(`Refused: ${friendly(msg.msg || msg.code)}`);
    },
  };
}

// The tab title: the table's name, "● Your turn" first when the table waits for you. Both the
// table summary (HTTP) and the socket's state set it, in whichever order they arrive.
function setTitle(ctx) {
  const name = ctx.meta ? `${ctx.meta.name || ctx.meta.game} · cardroom` : "cardroom";
  document.title = `${ctx.obs && yourMove(ctx) ? "● Your turn · " : ""}${name}`;
}

function addLog(ctx, ev) {
  const text = ctx.game().eventText(ctx, ev);
  if (!text) return;
  ctx.log.push(text);
  const list = ctx.shell.log;
  const li = h("li", { class: `ev-${ev.type}` }, text);
  list.append(li);
  while (list.children.length > HISTORY_SIZE) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

function addChat(ctx, line) {
  ctx.chat.push(line);
  const list = ctx.shell.chatList;
  const who = line.seat === null || line.seat === undefined ? `${line.name} (watching)` : line.name;
  list.append(h("li", {}, h("b", {}, `${who}: `), line.text)); // text nodes: always escaped
  list.scrollTop = list.scrollHeight;
}

function chime(ctx) {
  if (!ctx.chime) return;
  try {
    const audio = (ctx.audio = ctx.audio || new AudioContext());
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    // no audio device: the title still says it is your turn
  }
}

// Once a second: the turn timer and the next-deal countdown.
function tick(ctx) {
  const timer = document.querySelector("[data-testid=turn-timer]");
  if (timer && ctx.turnTimeout > 0 && ctx.turnSince) {
    const left = Math.max(0, Math.ceil(ctx.turnTimeout - (Date.now() - ctx.turnSince) / 1000));
    timer.textContent = `${left}s`;
  }
  const count = document.querySelector("[data-testid=next-deal]");
  if (count && ctx.dealAt) {
    count.textContent = `Next deal in ${Math.max(0, Math.ceil((ctx.dealAt - Date.now()) / 1000))} s`;
  }
}

// ---- the keyboard: type ranks to select, Enter plays, Escape clears --------------------------

function onKey(ctx, e) {
  const tag = (e.target && e.target.tagName) || "";
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || e.ctrlKey || e.metaKey || e.altKey) return;
  const obs = ctx.obs;
  if (!obs || !obs.hand) return;
  if (e.key === "Enter" && !(e.target && e.target.tagName === "BUTTON")) {
    const play = document.querySelector("[data-testid=play]");
    if (play && !play.disabled) {
      e.preventDefault();
      play.click();
    }
    return;
  }
  if (e.key === "Escape") {
    ctx.selected = [];
    ctx.chooser = null;
    ctx.showLast = false;
    ctx.render();
    return;
  }
  const key = e.key.length === 1 ? e.key.toUpperCase() : null;
  if (!key) return;
  const game = ctx.game();
  const cards = sortedHand(ctx).filter((c) => game.rankOf(c) === key);
  if (!cards.length) return;
  e.preventDefault();
  const next = cards.find((c) => !ctx.selected.includes(c));
  if (next) clickCard(ctx, next);
  else clickCard(ctx, cards[0]); // every card of the rank selected: typing again clears them
}

// ---- the page skeleton (built once; inputs and lists survive every render) -------------------

function buildShell(ctx, id) {
  const link = api.inviteLink(id); // only the owner's browser holds it
  const name = h("input", {
    "data-testid": "player-name",
    "aria-label": "your name",
    placeholder: "your name",
    value: ctx.playerName,
    maxlength: 24,
    oninput: (e) => {
      ctx.playerName = e.target.value;
      localStorage.setItem("cardroom.name", ctx.playerName);
    },
  });
  const level = h("select", {
    "data-testid": "bot-level",
    "aria-label": "bot level",
    onchange: (e) => {
      ctx.botLevel = e.target.value;
      localStorage.setItem("cardroom.botLevel", ctx.botLevel);
    },
  });
  const fillLevels = () =>
    level.replaceChildren(
      ...ctx.levels.map((l) => h("option", { value: l, selected: l === ctx.botLevel, title: levelHint(l) }, l)),
    );
  fillLevels();
  const chimeBox = h("input", {
    type: "checkbox",
    "data-testid": "chime",
    checked: ctx.chime,
    onchange: (e) => {
      ctx.chime = e.target.checked;
      localStorage.setItem("cardroom.chime", ctx.chime ? "on" : "off");
    },
  });
  const header = h(
    "header",
    { class: "bar" },
    h("a", { href: "/", class: "home" }, "cardroom"),
    h("a", { href: "#", "data-testid": "rules-link", class: "rules-link", onclick: (e) => openRules(ctx, e) }, "Rules"),
    languageSwitcher(),
    link
      ? h(
          "span",
          { class: "join", "data-testid": "invite" },
          h("a", { href: link, "data-testid": "join-link", title: "whoever opens this link may take seats, also bots' seats" }, "Invite link"),
          h(
            "button",
            {
              class: "small",
              "data-testid": "copy-invite",
              "aria-label": "copy the invite link",
              onclick: (e) => {
                const done = () => (e.target.textContent = "copied");
                if (navigator.clipboard) navigator.clipboard.writeText(link).then(done, () => prompt("Copy this link", link));
                else prompt("Copy this link", link);
              },
            },
            "copy",
          ),
        )
      : null,
    h("label", { class: "name" }, name),
    api.isOwner(id) ? h("label", { class: "levels", title: "level of the bots you add" }, "Bots ", level) : null,
    h("label", { class: "chime", title: "a chime when it is your turn" }, chimeBox, " chime"),
  );

  const log = h("ol", { "data-testid": "log", class: "history", "aria-live": "polite" });
  const chatList = h("ol", { "data-testid": "chat-list", class: "chat-list" });
  const chatInput = h("input", {
    "data-testid": "chat-input",
    "aria-label": "chat message",
    placeholder: "say something…",
    maxlength: 300,
  });
  const chatForm = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (e) => {
        e.preventDefault();
        const text = chatInput.value.trim();
        if (!text || !ctx.socket) return;
        ctx.socket.send({ t: "chat", text, name: ctx.playerName.trim() || null });
        chatInput.value = "";
      },
    },
    chatInput,
    h("button", { type: "submit", "data-testid": "chat-send" }, "Send"),
  );
  const score = h("div", { "data-testid": "score-panel", class: "panel-body" });
  const counter = h("div", { "data-testid": "counter", class: "panel-body" });
  const bodies = {
    log: h("div", { class: "panel-body" }, log),
    chat: h("div", { class: "panel-body chat" }, chatList, chatForm),
    score,
    cards: counter,
  };
  const titles = { log: "History", chat: "Chat", score: "Score", cards: "Cards out" };
  const tabs = {};
  for (const key of Object.keys(bodies)) {
    tabs[key] = h(
      "button",
      {
        class: "tab",
        role: "tab",
        "data-testid": `tab-${key}`,
        onclick: () => {
          if (ctx.tab === key && ctx.sideOpen) ctx.sideOpen = false;
          else [ctx.tab, ctx.sideOpen] = [key, true];
          tabs[key].classList.remove("unread");
          ctx.render();
        },
      },
      titles[key],
    );
  }
  const side = h(
    "aside",
    { class: "side", "data-testid": "side" },
    h("div", { class: "tabs", role: "tablist" }, Object.values(tabs)),
    Object.values(bodies),
  );
  const top = h("div", { class: "topline" });
  const felt = h("section", { class: "felt", "data-testid": "board", "aria-label": "the table" });
  const mine = h("section", { class: "mine", "data-testid": "my-area" });
  const main = h(
    "main",
    { class: "table", "data-testid": "table-view" },
    top,
    h("div", { class: "layout" }, h("div", { class: "play-area" }, felt, mine), side),
  );
  return { header, main, top, felt, mine, side, tabs, bodies, log, chatList, score, counter, fillLevels };
}

function openRules(ctx, e) {
  e.preventDefault();
  window.open(`/rules/${ctx.gameName || (ctx.obs && ctx.obs.game) || "tichu"}`, "_blank");
}

// ---- rendering ------------------------------------------------------------------------------

function render(ctx) {
  const s = ctx.shell;
  s.top.replaceChildren(...nodes(topLine(ctx)));
  s.felt.replaceChildren(...nodes(feltView(ctx)));
  s.mine.replaceChildren(...nodes(myArea(ctx)));
  s.mine.hidden = !(ctx.obs && ctx.obs.hand);
  const tab = ctx.tab;
  for (const [key, body] of Object.entries(s.bodies)) body.hidden = key !== tab;
  for (const [key, button] of Object.entries(s.tabs)) {
    button.setAttribute("aria-selected", String(key === tab));
  }
  s.side.classList.toggle("open", !!ctx.sideOpen);
  if (ctx.obs) {
    const game = ctx.game();
    s.score.replaceChildren(...[game.roundSummary(ctx), game.scoreSheet(ctx)].filter(Boolean));
    const counter = game.counter(ctx);
    s.counter.replaceChildren(counter || h("p", { class: "muted" }, "No card counter for this game."));
    s.tabs.cards.hidden = !counter;
  }
}

// A flat list of nodes without the empty parts (null, false, nested arrays flattened).
export function nodes(list) {
  return [list].flat(Infinity).filter((x) => x !== null && x !== undefined && x !== false);
}

function topLine(ctx) {
  const obs = ctx.obs;
  const game = ctx.game();
  const parts = [
    h("span", { "data-testid": "status", class: `conn ${ctx.status === "connected" ? "ok" : ""}` }, ctx.status),
    obs ? h("span", { "data-testid": "phase", class: "phase" }, game.phaseText(ctx)) : null,
    yourMove(ctx) ? h("span", { class: "badge go", "data-testid": "your-move" }, "your move") : null,
    ctx.mySeat === null || ctx.mySeat === undefined
      ? h(
          "span",
          {
            "data-testid": "spectator",
            class: "badge",
            title: api.hasInvite(ctx.id) ? "take a free seat or a bot's seat" : "a running game's seats need the owner's invite link",
          },
          "watching",
        )
      : h("button", { class: "small", "data-testid": "leave", onclick: () => leave(ctx) }, "leave"),
    obs && obs.terminal
      ? h("a", { href: `/replay/${ctx.id}`, "data-testid": "replay-link" }, "replay")
      : null,
    obs && obs.terminal
      ? h("a", { href: `/api/tables/${ctx.id}/record`, "data-testid": "record" }, "game log")
      : null,
  ];
  if (ctx.message) {
    parts.push(
      h(
        "div",
        { class: `message ${ctx.message.kind}`, "data-testid": "message", role: "alert" },
        ctx.message.text,
        h("button", { class: "small", "aria-label": "dismiss", onclick: () => ctx.say(null) }, "×"),
      ),
    );
  }
  return parts;
}

function numSeats(ctx) {
  const obs = ctx.obs;
  return (obs && obs.num_seats) || ctx.seats.length || (ctx.meta && ctx.meta.num_seats) || 0;
}

// The felt: seats around, the trick in the middle, banners and overlays.
export function feltView(view) {
  const n = numSeats(view);
  const game = view.game();
  const obs = view.obs;
  const parts = [];
  const me = view.mySeat ?? 0;
  const passed = obs ? new Set(game.passed(view)) : new Set();
  for (let seat = 0; seat < n; seat++) parts.push(seatView(view, seat, n, me, passed.has(seat)));
  if (!obs) return parts;
  const plays = game.trickPlays(view);
  const seen = view.seenPlays || new Set(); // only a play new since the last render animates
  const keys = plays.map((p) => `${p.seat}:${p.cards.join(",")}`);
  parts.push(
    h(
      "div",
      { class: "trick", "data-testid": "trick", "aria-label": "cards on the table" },
      plays.map((p, i) => playView(view, p, n, me, !seen.has(keys[i]))),
    ),
  );
  view.seenPlays = new Set(keys);
  parts.push(h("div", { class: "center" }, game.center(view)));
  const last = game.lastTrick(view);
  if (last && !view.replay) {
    parts.push(
      h(
        "button",
        {
          class: "small last-trick-button",
          "data-testid": "last-trick-button",
          "aria-expanded": String(!!view.showLast),
          onclick: () => {
            view.showLast = !view.showLast;
            view.render();
          },
        },
        view.showLast ? "hide last trick" : "last trick",
      ),
    );
    if (view.showLast) parts.push(lastTrickView(view, last, n, me));
  }
  if (view.roundEnd && !obs.terminal && !view.replay) parts.push(roundEndView(view));
  if (obs.terminal && !view.replay) parts.push(outcomeView(view));
  return parts;
}

function playView(view, p, n, me, fresh) {
  const [x, y] = seatPosition(p.seat, me, n, 0.26, 0.45); // between the seat and the centre
  return h(
    "div",
    {
      class: `play ${p.top ? "top" : ""} ${p.kind || ""} ${fresh ? "fresh" : ""}`,
      style: `left:${x}%;top:${y}%`,
      "data-seat": p.seat,
      "data-testid": `play-${p.seat}`,
    },
    h("span", { class: "cards" }, p.cards.map((c) => cardEl(view.obs.game, c, { class: "mini" }))),
    p.label ? h("span", { class: "combo" }, p.label) : null,
  );
}

function lastTrickView(view, last, n, me) {
  return h(
    "div",
    { class: "overlay last-trick", "data-testid": "last-trick", role: "dialog", "aria-label": "last trick" },
    h("h3", {}, last.winner === null || last.winner === undefined ? "Last trick" : `Last trick · won by ${view.name(last.winner)}`),
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

function roundEndView(view) {
  const summary = view.game().roundSummary(view);
  if (!summary) return null;
  return h(
    "div",
    { class: "overlay round-end", "data-testid": "round-end", role: "dialog" },
    summary,
    view.dealAt
      ? h("p", { class: "countdown", "data-testid": "next-deal" }, `Next deal in ${Math.max(0, Math.ceil((view.dealAt - Date.now()) / 1000))} s`)
      : null,
    readyView(view),
    h(
      "button",
      {
        class: view.dealAt && seated(view) ? "secondary" : "primary",
        "data-testid": "round-end-close",
        onclick: () => {
          view.roundEnd = null;
          view.render();
        },
      },
      "Close",
    ),
  );
}

const seated = (view) => view.mySeat !== null && view.mySeat !== undefined;

// During the pause before the next deal: "Ready" (the deal comes once every human is ready,
// else when the countdown ends) and who is ready already.
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
            onclick: () => {
              view.socket.send({ t: "ready" });
              view.readySeats = [...ready, view.mySeat];
              view.render();
            },
          },
          mine ? "Waiting for the others…" : "Ready",
        )
      : null,
    ready.length
      ? h("span", { class: "muted", "data-testid": "ready-list" }, `Ready: ${ready.map((s) => view.name(s)).join(", ")}`)
      : null,
  );
}

function seatView(view, seat, n, me, passed) {
  const obs = view.obs;
  const info = view.seats.find((s) => s.seat === seat) || { seat, kind: "empty", name: null };
  const game = view.game();
  const turn = owes(obs, seat);
  const [x, y] = seatPosition(seat, me, n);
  const anchor = seatAnchor(seat, me, n);
  const controls = view.replay ? [] : seatControls(view, seat, info);
  const levelSelect = controls.some((c) => c.tagName === "SELECT"); // the owner's: shows the level
  const rel = game.relation(view, seat);
  const count = obs ? (obs.hand_sizes || [])[seat] ?? 0 : null;
  const open = obs && obs.hands && seat !== view.mySeat ? obs.hands[seat] : null;
  return h(
    "div",
    {
      class: `seat ${turn ? "turn" : ""} ${seat === view.mySeat ? "mine" : ""} ${info.kind}`,
      style: `left:${x}%;top:${y}%;transform:${anchor}`,
      "data-testid": `seat-${seat}`,
      "aria-label": `${info.kind === "empty" ? `seat ${seat}, empty` : view.name(seat)}${turn ? ", to play" : ""}`,
    },
    h(
      "div",
      { class: "seat-name" },
      h("span", { class: `dot ${info.online ? "online" : ""}`, title: info.online ? "online" : "offline" }),
      h("span", { class: "who" }, info.kind === "empty" ? `Seat ${seat} (empty)` : view.name(seat)),
      info.kind === "bot"
        ? h("span", { class: "badge bot", title: `bot, level ${info.level || "?"}`, "data-testid": `bot-badge-${seat}` }, "bot", levelSelect ? null : h("span", { class: "lvl" }, ` · ${info.level || "?"}`))
        : null,
      rel ? h("span", { class: "rel" }, rel) : null,
    ),
    obs
      ? h(
          "div",
          { class: "seat-info" },
          count !== null
            ? h("span", { class: "count", "data-testid": `count-${seat}`, title: `${count} cards in hand` }, cardBack({ class: "tiny" }), `${count}`)
            : null,
          game.seatInfo(view, seat),
          turn && view.turnTimeout > 0 && !view.replay
            ? h("span", { class: "timer", "data-testid": "turn-timer" }, `${view.turnTimeout}s`)
            : null,
        )
      : null,
    passed ? h("span", { class: "pass-marker", "data-testid": `passed-${seat}` }, "pass") : null,
    open ? h("div", { class: "open-hand" }, open.map((c) => cardEl(obs.game, c, { class: "mini" }))) : null,
    controls.length ? h("div", { class: "seat-controls" }, controls) : null,
  );
}

// Per-seat buttons (README "Ownership, invites and guest seats"): anyone may sit in an empty
// seat (a private table or a running game needs the invite, the server says so otherwise); a
// bot's seat can be taken over with the invite; only the owner adds, changes and removes bots
// and frees (kicks) a human's seat.
function seatControls(view, seat, info) {
  const obs = view.obs;
  const over = !!(obs && obs.terminal);
  const owner = api.isOwner(view.id);
  const watching = view.mySeat === null || view.mySeat === undefined;
  const hotSeat = !!(view.meta && view.meta.hot_seat);
  const started = !!(view.meta && view.meta.status && view.meta.status !== "open") || !!obs;
  const out = [];
  if (over) return out;
  if (info.kind === "empty") {
    if (watching || hotSeat) {
      out.push(h("button", { "data-testid": `sit-${seat}`, onclick: () => sit(view, seat) }, "Sit here"));
    }
    if (owner) {
      out.push(h("button", { "data-testid": `add-bot-${seat}`, class: "secondary", onclick: () => bot(view, seat, view.botLevel) }, "Add bot"));
    }
  } else if (info.kind === "bot") {
    if ((watching || hotSeat) && (owner || api.hasInvite(view.id))) {
      out.push(h("button", { "data-testid": `take-${seat}`, class: "small", onclick: () => sit(view, seat) }, "take over"));
    }
    if (owner) {
      out.push(
        h(
          "select",
          {
            class: "small",
            "data-testid": `seat-level-${seat}`,
            "aria-label": `bot level of seat ${seat}`,
            onchange: (e) => bot(view, seat, e.target.value),
          },
          view.levels.map((l) => h("option", { value: l, selected: l === info.level, title: levelHint(l) }, l)),
        ),
      );
      if (!started || (view.meta && view.meta.status === "open")) {
        out.push(h("button", { "data-testid": `remove-bot-${seat}`, class: "small secondary", onclick: () => free(view, seat, "bot") }, "remove"));
      }
    }
  } else if (info.kind === "human" && owner && seat !== view.mySeat) {
    out.push(h("button", { "data-testid": `kick-${seat}`, class: "small secondary", title: "free this seat (a bot takes it in a running game)", onclick: () => free(view, seat, "kick") }, "kick"));
  }
  return out;
}

async function free(ctx, seat, what) {
  try {
    await api.freeSeat(ctx.id, seat);
    await refreshSeats(ctx);
    ctx.say(null);
  } catch (err) {
    ctx.say(`Could not ${what === "kick" ? "free" : "empty"} seat ${seat}: ${friendly(err.message)}`);
  }
}

async function refreshSeats(ctx) {
  const meta = await api.getTable(ctx.id);
  ctx.meta = meta;
  if (Array.isArray(meta.seats)) ctx.seats = meta.seats;
  ctx.render();
}

async function sit(ctx, seat) {
  const name = ctx.playerName.trim();
  if (!name) {
    ctx.say("Type your name first (top of the page), then take a seat.");
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
    ctx.say(`Could not take seat ${seat}: ${friendly(err.message)}`);
  }
}

async function leave(ctx) {
  try {
    await api.leaveSeat(ctx.id, ctx.mySeat, ctx.token);
  } catch (err) {
    ctx.say(`Could not leave: ${friendly(err.message)}`);
    return;
  }
  api.forgetSeat(ctx.id);
  ctx.token = null;
  ctx.mySeat = null;
  ctx.say("You left your seat; watching as a spectator.", "info");
  ctx.connect();
}

async function bot(ctx, seat, level) {
  try {
    await api.addBot(ctx.id, seat, level);
    await refreshSeats(ctx);
    ctx.say(null);
  } catch (err) {
    ctx.say(`Could not add a bot to seat ${seat}: ${friendly(err.message)}`);
  }
}

// ---- your hand and actions ------------------------------------------------------------------

function sortedHand(ctx) {
  const game = ctx.game();
  const hand = [...(ctx.obs.hand || [])];
  return hand.sort((a, b) => game.sortKey(a, ctx.sortBy) - game.sortKey(b, ctx.sortBy));
}

function myArea(ctx) {
  const obs = ctx.obs;
  if (!obs || !obs.hand) return [];
  const game = ctx.game();
  const hand = sortedHand(ctx);
  const n = hand.length;
  const mid = (n - 1) / 2;
  const marks = { ...game.handMarks(ctx), ...((ctx.local && ctx.local.marks) || {}) };
  const before = ctx.prevHand || new Set(hand); // cards new in the hand (dealt, received) animate
  ctx.prevHand = new Set(hand);
  return [
    game.panels(ctx),
    h(
      "div",
      { class: "action-row" },
      h("div", { class: "actions", "data-testid": "actions" }, actionBar(ctx)),
      n < 2
        ? null
        : h(
        "button",
        {
          class: "small sort",
          "data-testid": "sort-hand",
          title: "sort your hand",
          onclick: () => {
            ctx.sortBy = ctx.sortBy === "rank" ? "suit" : "rank";
            localStorage.setItem("cardroom.sort", ctx.sortBy);
            ctx.render();
          },
        },
        `by ${ctx.sortBy === "rank" ? "suit" : "rank"}`,
      ),
    ),
    ctx.chooser ? chooserView(ctx) : null,
    h(
      "div",
      { class: "hand", "data-testid": "hand", role: "group", "aria-label": "your hand", style: `--n:${n}` },
      hand.map((code, i) => {
        const selected = ctx.selected.includes(code);
        const mark = marks[code];
        const el = cardEl(obs.game, code, {
          class: `${selected ? "selected" : ""} ${mark ? "marked" : ""} ${before.has(code) ? "" : "fresh"}`,
          "data-testid": `card-${code}`,
          role: "button",
          tabindex: 0,
          "aria-pressed": String(selected),
          style: `--i:${i};--d:${(i - mid).toFixed(1)}`,
          onclick: () => clickCard(ctx, code),
          onkeydown: (e) => {
            if (e.key === " ") {
              e.preventDefault();
              clickCard(ctx, code);
            }
          },
        });
        if (mark) el.append(h("span", { class: "mark", "data-testid": `mark-${code}` }, mark));
        return el;
      }),
    ),
  ];
}

function clickCard(ctx, code) {
  const game = ctx.game();
  if (game.onCardClick(ctx, code)) {
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
  return (ctx.obs.legal || []).filter((a) => game.isCardAction(a) && sameCards(game.cardsOf(a), ctx.selected));
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
      title: "select cards that form a legal play (type ranks, Enter plays)",
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
    .filter((a) => !game.isCardAction(a) && !game.isPanelAction(a))
    .map((a) =>
      h(
        "button",
        {
          "data-testid": `action-${testid(a)}`,
          "data-action": a,
          class: a === "pass" ? "pass" : "secondary",
          onclick: () => ctx.act(a),
        },
        game.label(ctx, a),
      ),
    );
  const hint = ctx.selected.length && !matches.length && hasPlays ? "not a legal play" : "";
  return [
    hasPlays || (yourMove(ctx) && legal.includes("pass")) ? play : null,
    others,
    hint ? h("span", { class: "hint", "data-testid": "hint" }, hint) : null,
    matches.length ? null : suggestions(ctx),
  ];
}

// Legal plays that contain the selected cards (at most 4), one click to select one of them:
// picking a straight or a full house takes a click or two instead of five.
function suggestions(ctx) {
  const game = ctx.game();
  if (game.singleSelect || !ctx.selected.length) return null;
  const legal = ctx.obs.legal || [];
  const info = ctx.obs.legal_info || [];
  const seen = new Set();
  const found = [];
  legal.forEach((a, i) => {
    if (!game.isCardAction(a)) return;
    const cards = game.cardsOf(a);
    const key = [...cards].sort().join(" ");
    if (seen.has(key) || !ctx.selected.every((c) => cards.includes(c))) return;
    seen.add(key);
    found.push({ cards, label: (info[i] && info[i].combo) || cards.join(" ") });
  });
  if (!found.length) return null;
  found.sort((x, y) => x.cards.length - y.cards.length);
  return h(
    "span",
    { class: "suggestions", "data-testid": "suggestions" },
    found.slice(0, 4).map((f) =>
      h(
        "button",
        {
          class: "small",
          "data-testid": "suggestion",
          onclick: () => {
            ctx.selected = [...f.cards];
            ctx.render();
          },
        },
        String(f.label).replace(/-/g, "–"),
      ),
    ),
  );
}

function chooserView(ctx) {
  const game = ctx.game();
  return h(
    "div",
    { class: "chooser", "data-testid": "chooser", role: "dialog" },
    h("div", { class: "chooser-title" }, game.chooserTitle(ctx, ctx.chooser)),
    ctx.chooser.map((a) =>
      h("button", { "data-testid": "chooser-option", "data-action": a, onclick: () => ctx.act(a) }, game.chooserLabel(ctx, a)),
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
  const winners = (out.winners || []).map((s) => ctx.name(s)).join(" & ") || "nobody";
  return h(
    "div",
    { class: "overlay outcome", "data-testid": "outcome", role: "dialog" },
    h("h3", {}, "Game over"),
    h("p", { class: "big" }, `${winners} ${out.winners && out.winners.length === 1 ? "wins" : "win"}!`),
    ctx.game().roundSummary(ctx),
    ctx.game().scoreSheet(ctx), // the final score in the game's own terms (points, lives)
    h(
      "div",
      { class: "row" },
      ctx.meta ? h("button", { class: "primary", "data-testid": "rematch", onclick: () => rematch(ctx) }, "Rematch") : null,
      h("a", { href: `/replay/${ctx.id}`, class: "button" }, "Watch the replay"),
      h("a", { href: "/", class: "button" }, "Lobby"),
    ),
  );
}

// Rematch: a new table with the same game, options and bots; you take your seat again and the
// others get the new link in the chat.
async function rematch(ctx) {
  try {
    const meta = ctx.meta;
    const res = await api.createTable(meta.game, meta.options || {}, meta.name || meta.game);
    const seat = ctx.mySeat;
    if (seat !== null && seat !== undefined && ctx.playerName.trim()) {
      const taken = await api.takeSeat(res.id, seat, ctx.playerName.trim());
      api.saveSeat(res.id, taken.seat, taken.token, ctx.playerName.trim());
    }
    for (const s of ctx.seats) {
      if (s.kind === "bot") await api.addBot(res.id, s.seat, s.level || ctx.levels[0]);
    }
    if (ctx.socket) ctx.socket.send({ t: "chat", text: `Rematch: ${location.origin}/t/${res.id}`, name: ctx.playerName || null });
    location.assign(`/t/${res.id}`);
  } catch (err) {
    ctx.say(`Could not start a rematch: ${friendly(err.message)}`);
  }
}
