// The table page: a card table (you at the bottom, the others around), your hand in one fanned
// row, the trick in the middle with each card at the seat that played it, the match score on the
// felt, and a side panel with the history, the chat, the score sheet and the card counter.
//
// One store (store.js) holds the page's state; the socket handlers and the buttons change it
// through store.update(), and small preact components (felt.js, hand.js, seats.js and the ones
// below) render it. Game-specific parts come from a game module through the interface declared
// in game.js; legality comes only from obs.legal.
import { signedInName, sittingName } from "./account.js";
import * as api from "./api.js";
import { friendly } from "./api.js";
import { feltView, isAway, numSeats, owing, seated } from "./felt.js";
import { checkGame } from "./game.js";
import { actOrConfirm, clickCard, matchingPlays, myArea, sortedHand } from "./hand.js";
import { refusal, seatNumber, t } from "./i18n.js";
import { LanguageSwitcher } from "./language.js";
import { levelHint, levelName } from "./levels.js";
import { sweepTrick } from "./motion.js";
import { clockText, paceText } from "./presets.js";
import { tableReviewOffered, tableReviewView } from "./review.js";
import { leave } from "./seats.js";
import { TableSocket } from "./socket.js";
import { sound } from "./sounds.js";
import { createStore, useStore } from "./store.js";
import * as tichu from "./tichu.js";
import * as toepen from "./toepen.js";
import { h, render, useEffect, useLayoutEffect, useRef } from "./ui.js";

export const GAMES = { tichu: checkGame("tichu", tichu), toepen: checkGame("toepen", toepen) };
const DEFAULT_LEVELS = ["heuristic", "random"];
const HISTORY_SIZE = 600;
// Events the live region reads out (besides "your move"): calls and knocks, not every pass.
const CALL_EVENTS = new Set(["tichu_called", "grand_decided", "calls_revealed", "knock"]);
const BOT_NAMES = ["Ada", "Bram", "Cleo", "Dirk", "Eva", "Finn", "Greet", "Hugo"];

export { feltView, friendly, matchingPlays };

// ---- the view: what the game modules read ---------------------------------------------------

export function makeView(fields) {
  const view = {
    obs: null,
    mySeat: null,
    seats: [],
    selected: [],
    local: {},
    history: [],
    update: () => {},
    ...fields,
  };
  view.render = () => view.update(); // the game modules' name for "state changed"
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
  base = base || t("seat.n", { n: seatNumber(seat) });
  if (view.seats.some((s) => s.seat !== seat && s.name === base)) base = `${base} ${seatNumber(seat)}`;
  return seat === view.mySeat && !view.replay ? t("seat.you", { name: base }) : base;
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

// A flat list of nodes without the empty parts (null, false, nested arrays flattened).
export function nodes(list) {
  return [list].flat(Infinity).filter((x) => x !== null && x !== undefined && x !== false);
}

// ---- mounting ------------------------------------------------------------------------------

export function mountTable(root, id) {
  const saved = api.savedSeat(id);
  const state = makeView({
    id,
    meta: null,
    mySeat: saved ? saved.seat : null,
    token: saved ? saved.token : null,
    v: null,
    status: t("table.status.connecting"),
    connected: false,
    chooser: null,
    confirm: null, // {question, yesLabel, yes} while a costly action waits for its confirmation
    message: null,
    announce: "", // the polite live region: "your move", calls, bombs
    log: [], // history sentences [{type, text}]
    chat: [],
    unread: false,
    tab: "log",
    sideOpen: false,
    help: false,
    sortBy: localStorage.getItem("cardroom.sort") || "rank",
    sounds: localStorage.getItem("cardroom.chime") === "on",
    showLast: false,
    roundEnd: null, // {v} while the round-end summary is shown
    outcomeClosed: false,
    dealAt: null,
    turnTimeout: 0,
    clock: null, // {deadlines: {seat: epoch ms}} while a turn timer runs
    levels: DEFAULT_LEVELS,
    playerName: localStorage.getItem("cardroom.name") || "",
    botLevel: localStorage.getItem("cardroom.botLevel") || DEFAULT_LEVELS[0],
  });
  const store = createStore(state);
  state.update = store.update;
  window.cardroom = state; // handy for debugging and for the end-to-end tests

  state.say = (text, kind = "error") => store.update((s) => (s.message = text ? { text, kind } : null));
  state.act = async (text) => {
    if (state.inflight === text) return; // a double click sends an action once
    state.inflight = text;
    store.update((s) => {
      s.chooser = null;
      s.bombClaimed = false;
      s.confirm = null;
      s.focusHand = true;
    });
    const reject = await state.socket.act(text).finally(() => (state.inflight = null));
    if (reject) {
      state.say(t("table.refused", { reason: refusal(reject, friendly(reject.msg || reject.code)) }));
    } else {
      store.update((s) => {
        s.selected = [];
        s.local = {};
        s.message = null;
        s.focusHand = true;
      });
    }
  };
  state.connect = () => {
    if (state.socket) state.socket.close();
    state.socket = new TableSocket(id, state.token, handlers(state), api.invite(id));
    state.socket.open();
  };
  state.rematch = () => rematch(state);

  api
    .getTable(id, state.token)
    .then((meta) => {
      store.update((s) => {
        s.meta = meta;
        s.gameName = meta.game;
        if (Array.isArray(meta.seats)) s.seats = meta.seats;
      });
      setTitle(state); // the welcome may have come first: keep its "your turn"
      return api.listGames();
    })
    .then((games) => {
      const game = (games || []).find((g) => g.name === state.gameName);
      if (game && Array.isArray(game.bot_levels) && game.bot_levels.length) {
        store.update((s) => {
          s.levels = game.bot_levels;
          if (!s.levels.includes(s.botLevel)) s.botLevel = s.levels[0];
        });
      }
    })
    .catch((err) => {
      // no such table: the socket stops (a closed socket hears no later refusal, so this
      // line stays) and never reconnects; other failures leave it to reconnect
      if (/^404\b/.test(err.message)) {
        state.socket.close();
        store.update((s) => ([s.missing, s.message] = [true, null])); // missingView says why
        return;
      }
      state.say(t("table.error.load", { id, reason: friendly(err.message) }));
    });
  state.timer = setInterval(() => store.update(), 1000); // the clocks and the deal countdown
  document.addEventListener("keydown", (e) => onKey(state, e));
  render(h(TablePage, { store }), root);
  state.connect();
  return state;
}

// Deadlines of the seats that owe a move: from the server's clock when it sends one, else from
// the table's turn timeout counted from when the move became owed.
function updateClock(state, clock) {
  if (clock && clock.deadlines) {
    const now = Date.now();
    const deadlines = {};
    for (const [seat, left] of Object.entries(clock.deadlines)) {
      if (left !== null && left !== undefined) deadlines[seat] = now + left * 1000;
    }
    state.clock = { deadlines, bank: clock.bank || null, away: clock.away || [], fromServer: true };
    return;
  }
  if (!(state.turnTimeout > 0)) {
    state.clock = null;
    return;
  }
  const before = (state.clock && state.clock.deadlines) || {};
  const deadlines = {};
  for (const seat of owing(state)) deadlines[seat] = before[seat] ?? Date.now() + state.turnTimeout * 1000;
  state.clock = { deadlines };
}

const sameHands = (a, b) => String(a.hand_sizes) === String(b.hand_sizes);

// The socket's connection states (socket.js) in the page's language.
const STATUS = { connected: "table.status.connected", "reconnecting…": "table.status.reconnecting" };

function handlers(state) {
  const update = state.update;
  return {
    onStatus: (text) =>
      update((s) => {
        s.connected = text === "connected";
        s.status = text;
      }),
    onWelcome: (seat, msg) =>
      update((s) => {
        if (s.token && (seat === null || seat === undefined)) {
          api.forgetSeat(s.id); // the token no longer binds a seat
          s.token = null;
        }
        s.mySeat = seat === undefined ? s.mySeat : seat;
        if (msg && Array.isArray(msg.history)) {
          s.history = msg.history.slice(-HISTORY_SIZE);
          s.log = [];
          for (const ev of s.history) addLog(s, ev);
        }
        if (msg && Array.isArray(msg.chat)) s.chat = msg.chat.slice();
        if (msg) {
          s.turnTimeout = msg.turn_timeout || 0;
          s.clock = null;
          s.hold = msg.hold === null || msg.hold === undefined ? null : { seat: msg.hold };
          s.dealAt = msg.next_deal_in == null ? null : Date.now() + msg.next_deal_in * 1000;
          s.readySeats = []; // a `ready` follows the welcome when a seat is ready (contracts.md)
          if (s.dealAt) s.roundEnd = { v: msg.v }; // reconnected during the pause
        }
      }),
    onState: (obs, v, msg) => {
      const before = state.obs;
      const wasMine = yourMove(state);
      update((s) => {
        s.obs = obs;
        s.v = v;
        const cards = (o) => (o && o.hand_sizes ? o.hand_sizes.reduce((a, b) => a + b, 0) : 0);
        if (s.roundEnd && before && cards(obs) > cards(before)) s.roundEnd = null; // dealt
        if (s.hold && before && !sameHands(before, obs)) s.hold = null; // the bomb was played
        if (!s.clock || !s.clock.fromServer) {
          if (!before || before.turn !== obs.turn || before.phase !== obs.phase) s.clock = null;
          updateClock(s, msg && msg.clock);
        }
        const hand = new Set(obs.hand || []);
        s.selected = s.selected.filter((c) => hand.has(c));
        if (s.chooser) {
          const legal = new Set(obs.legal || []);
          s.chooser = s.chooser.filter((a) => legal.has(a));
          if (!s.chooser.length) s.chooser = null;
        }
        if (s.confirm && !yourMove(s) && !(obs.legal || []).length) s.confirm = null;
      });
      const mine = yourMove(state);
      const auto = mine ? state.game().autoAction(state) : null;
      if (auto && state.autoSent !== v) {
        state.autoSent = v; // once per position
        state.act(auto);
      } else if (mine && !wasMine) {
        sound(state, "turn");
        update((s) => (s.announce = t("table.announce.your_move")));
      }
      setTitle(state);
    },
    onEvents: (events, v) =>
      update((s) => {
        for (const ev of events) {
          const entry = { v, ...ev };
          s.history.push(entry);
          const text = addLog(s, entry);
          if (CALL_EVENTS.has(ev.type) && text) {
            s.announce = text || s.announce;
            sound(s, "call");
          }
          if (ev.type === "played" && /^bomb/.test(String(ev.combo || ""))) {
            s.announce = text || s.announce;
            sound(s, "bomb");
          }
          if (ev.type === "round_scored" || ev.type === "hand_end") s.roundEnd = { v };
          const taker =
            ev.type === "dragon_given" ? ev.to : ev.type === "trick_taken" ? ev.seat : ev.type === "trick" ? ev.winner : null;
          if (typeof taker === "number") {
            sweepTrick(taker); // the page still shows the trick
            if (taker === s.mySeat) sound(s, "trick");
          }
          if (ev.type === "hand_dealt" || ev.type === "deal" || ev.type === "game_over") {
            if (ev.type !== "game_over") s.roundEnd = null;
            s.dealAt = null;
          }
        }
        if (s.history.length > HISTORY_SIZE) s.history = s.history.slice(-HISTORY_SIZE);
      }),
    onSeats: (seats, mySeat) =>
      update((s) => {
        s.seats = seats;
        if (mySeat !== undefined) s.mySeat = mySeat;
      }),
    onChat: (line) =>
      update((s) => {
        s.chat.push(line);
        if (s.tab !== "chat") s.unread = true;
      }),
    onUnseated: (msg) => {
      api.forgetSeat(state.id);
      update((s) => {
        s.token = null;
        s.mySeat = null;
      });
      state.say(t("table.unseated", { seat: seatNumber(msg.seat), reason: friendly(msg.reason || "") }), "info");
    },
    onClock: (msg) => update((s) => updateClock(s, msg)),
    // A seat pressed Bomb: the table holds still until it plays one (which one is not said).
    onHold: (msg) => update((s) => (s.hold = msg.seat === null || msg.seat === undefined ? null : { seat: msg.seat })),
    onReady: (seats) => update((s) => (s.readySeats = seats)),
    onRematch: (msg) => {
      // only seated players get this (never spectators): the link carries the invite
      api.keepInvite(msg.table, (/invite=([\w-]+)/.exec(msg.link) || [])[1] || "");
      state.say(`Rematch: ${location.origin}${msg.link}`, "info");
    },
    onPause: (seconds) =>
      update((s) => {
        s.readySeats = [];
        s.dealAt = Date.now() + seconds * 1000;
      }),
    onReject: (msg) => {
      if (msg.code === "unauthorized" && state.token) {
        api.forgetSeat(state.id);
        update((s) => {
          s.token = null;
          s.mySeat = null;
        });
        state.say(t("table.unauthorized", { reason: refusal(msg, friendly(msg.msg)) }));
        state.connect();
        return;
      }
      state.say(t("table.refused", { reason: refusal(msg, friendly(msg.msg || msg.code)) }));
    },
  };
}

// The tab title: the table's name, "● Your turn" first when the table waits for you. Both the
// table summary (HTTP) and the socket's state set it, in whichever order they arrive.
function setTitle(state) {
  const name = state.meta ? `${state.meta.name || state.meta.game} · cardroom` : "cardroom";
  document.title = `${state.obs && yourMove(state) ? `● ${t("table.title.your_turn")} · ` : ""}${name}`;
}

function addLog(state, ev) {
  const text = state.game().eventText(state, ev);
  if (!text) return null;
  state.log.push({ type: ev.type, text });
  if (state.log.length > HISTORY_SIZE) state.log = state.log.slice(-HISTORY_SIZE);
  return text;
}

// ---- the keyboard: type ranks to select, Enter plays, Escape closes, ? lists the keys --------

// The open layers, topmost first, each with what Escape does to it.
function closers(state) {
  return [
    [state.help, (s) => (s.help = false)],
    [state.confirm, (s) => (s.confirm = null)],
    [state.chooser && !state.bombClaimed, (s) => (s.chooser = null)],
    [state.showLast, (s) => (s.showLast = false)],
    [state.roundEnd && state.obs && !state.obs.terminal, (s) => (s.roundEnd = null)],
    [state.obs && state.obs.terminal && !state.outcomeClosed, (s) => (s.outcomeClosed = true)],
    [state.sideOpen, (s) => (s.sideOpen = false)],
    [state.selected.length, (s) => (s.selected = [])],
  ];
}

function onKey(state, e) {
  const tag = (e.target && e.target.tagName) || "";
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Escape") {
    const open = closers(state).find(([on]) => on);
    if (open) {
      e.preventDefault();
      state.update(open[1]);
    }
    return;
  }
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag)) return;
  if (e.key === "?") {
    state.update((s) => (s.help = !s.help));
    return;
  }
  const obs = state.obs;
  if (!obs || !obs.hand) return;
  if (e.key === "Enter" && !(e.target && e.target.tagName === "BUTTON")) {
    const play = document.querySelector("[data-testid=play]");
    if (play && !play.disabled) {
      e.preventDefault();
      play.click();
    }
    return;
  }
  if (e.key.toLowerCase() === "b" && e.shiftKey) {
    const bomb = document.querySelector("[data-testid=bomb-button]");
    if (bomb) {
      e.preventDefault();
      bomb.click();
    }
    return;
  }
  const key = e.key.length === 1 ? e.key.toUpperCase() : null;
  if (!key) return;
  const game = state.game();
  const cards = sortedHand(state).filter((c) => game.rankOf(c) === key);
  if (!cards.length) return;
  e.preventDefault();
  const next = cards.find((c) => !state.selected.includes(c));
  clickCard(state, next || cards[0]); // every card of the rank selected: typing again clears them
}

export const SHORTCUTS = [
  ["2 … 9, 1, J, Q, K, A", "table.help.ranks"],
  ["Space", "table.help.space"],
  ["Enter", "table.help.enter"],
  ["Shift+B", "table.help.bomb"],
  ["Escape", "table.help.escape"],
  ["?", "table.help.help"],
];

// ---- the page -------------------------------------------------------------------------------

function TablePage({ store }) {
  const state = useStore(store);
  useFocusOnHand(state);
  useSideSeatsClear();
  if (state.missing) return [h(Header, { state, key: "header" }), missingView()];
  return [
    h(Header, { state, key: "header" }),
    h(
      "main",
      { class: "table", "data-testid": "table-view", key: "main" },
      h("h1", { class: "sr-only" }, state.meta ? state.meta.name || state.meta.game : t("table.heading.table")),
      h("div", { class: "topline" }, topLine(state)),
      h(
        "div",
        { class: "layout" },
        h(
          "div",
          { class: "play-area" },
          h(
            "section",
            { class: "felt", "data-testid": "board", "aria-label": t("table.heading.felt") },
            h("h2", { class: "sr-only" }, t("table.heading.felt")),
            feltView(state),
          ),
          h("section", { class: "mine", "data-testid": "my-area", hidden: !(state.obs && state.obs.hand) }, myArea(state)),
        ),
        h(Side, { state }),
      ),
      h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "announce" }, state.announce),
      state.help ? helpPanel(state) : null,
    ),
  ];
}

// No table under this id for us: a private one opened without its invite (the server will not
// say it exists) or one gone. Said in words, with the way back, instead of an empty felt.
function missingView() {
  return h(
    "main",
    { class: "page", key: "missing" },
    h(
      "section",
      { role: "alert", "data-testid": "table-missing" },
      h("p", {}, t("table.missing")),
      h("p", {}, h("a", { href: "/", "data-testid": "table-missing-lobby" }, t("table.missing_lobby"))),
    ),
  );
}

// After an action the focus goes back to the hand (not to <body> when the button or the card
// that held it is gone), so the keyboard player continues where they were.
function useFocusOnHand(state) {
  useLayoutEffect(() => {
    if (!state.focusHand) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    state.focusHand = false;
    const target =
      document.querySelector("[data-testid=hand] .card") ||
      document.querySelector("[data-testid=actions] button:not([disabled])") ||
      document.querySelector("[data-testid=hand]");
    if (target) target.focus();
  });
}

// The room the side seats take on the felt, as --clear-left and --clear-right (px from each
// edge): style.css keeps the round summary and the game's end between them on a desktop, so
// neither covers a side seat's name (a seat is as wide as its name and badges).
function useSideSeatsClear() {
  useLayoutEffect(() => {
    const felt = document.querySelector("[data-testid=table-view] .felt");
    if (!felt) return;
    const box = felt.getBoundingClientRect();
    const edge = (side, of) => {
      const seat = felt.querySelector(`.seat.at-${side}`);
      return seat ? `${Math.ceil(of(seat.getBoundingClientRect()))}px` : "0px";
    };
    felt.style.setProperty("--clear-left", edge("left", (r) => r.right - box.left));
    felt.style.setProperty("--clear-right", edge("right", (r) => box.right - r.left));
  });
}

// The invite button's chain link: on a phone the button is this icon alone (style.css), so the
// owner's top bar stays one line in every language.
const linkIcon = () =>
  h(
    "svg",
    { class: "icon", viewBox: "0 0 24 24", width: 16, height: 16, "aria-hidden": "true" },
    h("path", {
      d: "M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1",
      fill: "none",
      stroke: "currentColor",
      "stroke-width": 2.4,
      "stroke-linecap": "round",
    }),
  );

function Header({ state }) {
  const link = api.inviteLink(state.id); // only the owner's browser holds it
  const copied = useRef(null);
  return h(
    "header",
    { class: "bar table-bar", "data-testid": "table-bar" },
    h("a", { href: "/", class: "home" }, t("app.title")),
    h(
      "a",
      {
        href: `/rules/${state.gameName || (state.obs && state.obs.game) || "tichu"}`,
        target: "_blank",
        "data-testid": "rules-link",
        class: "rules-link",
      },
      t("table.rules"),
    ),
    h(LanguageSwitcher, {}),
    link
      ? h(
          "span",
          { class: "join", "data-testid": "invite" },
          h("a", { href: link, "data-testid": "join-link", title: t("table.invite.title") }, t("table.invite")),
          h(
            "button",
            {
              class: "small",
              "data-testid": "copy-invite",
              "aria-label": t("table.invite.copy_label"),
              title: t("table.invite.copy_label"),
              onclick: (e) => {
                const button = e.currentTarget;
                const done = () => ((copied.current.textContent = t("table.invite.copied")), button.classList.add("done"));
                if (navigator.clipboard) navigator.clipboard.writeText(link).then(done, () => prompt(t("table.invite.copy_prompt"), link));
                else prompt(t("table.invite.copy_prompt"), link);
              },
            },
            linkIcon(),
            h("span", { class: "label", ref: copied }, t("table.invite.copy")),
          ),
        )
      : null,
    h(
      "label",
      { class: "name" },
      h("input", {
        "data-testid": "player-name",
        "aria-label": t("table.name.label"),
        placeholder: t("table.name.label"),
        value: signedInName() || state.playerName, // signed in: you sit under your account's name
        readOnly: !!signedInName(),
        maxlength: 24,
        oninput: (e) => {
          state.playerName = e.target.value;
          localStorage.setItem("cardroom.name", state.playerName);
        },
      }),
    ),
    api.isOwner(state.id)
      ? h(
          "label",
          { class: "levels", title: t("table.levels.title") },
          h("span", { class: "label" }, t("table.levels"), " "),
          h(
            "select",
            {
              "data-testid": "bot-level",
              "aria-label": t("table.levels.label"),
              onchange: (e) => {
                state.botLevel = e.target.value;
                localStorage.setItem("cardroom.botLevel", state.botLevel);
              },
            },
            state.levels.map((l) => h("option", { value: l, selected: l === state.botLevel, title: levelHint(l) }, levelName(l))),
          ),
        )
      : null,
    h(
      "label",
      { class: "chime", title: t("table.sounds.title") },
      h("input", {
        type: "checkbox",
        "aria-label": t("table.sounds"),
        "data-testid": "chime",
        checked: state.sounds,
        onchange: (e) => {
          state.sounds = e.target.checked;
          localStorage.setItem("cardroom.chime", state.sounds ? "on" : "off");
          if (state.sounds) sound(state, "turn");
        },
      }),
      " ♪",
      h("span", { class: "wide-only" }, ` ${t("table.sounds")}`),
    ),
    h(
      "button",
      {
        class: "small help-button",
        "data-testid": "help-button",
        "aria-expanded": String(!!state.help),
        "aria-label": t("table.help.title"),
        onclick: () => state.update((s) => (s.help = !s.help)),
      },
      "?",
    ),
  );
}

function helpPanel(state) {
  return h(
    "div",
    { class: "sheet help", "data-testid": "help", role: "dialog", "aria-label": t("table.help.title") },
    h("h2", {}, t("table.help.title")),
    h(
      "dl",
      {},
      SHORTCUTS.map(([keys, what]) => [h("dt", {}, h("kbd", {}, keys)), h("dd", {}, t(what))]),
    ),
    h("button", { class: "primary", "data-testid": "help-close", onclick: () => state.update((s) => (s.help = false)) }, t("table.close")),
  );
}

// Leaving a running round hands your seat to a bot: asked once more.
function askLeave(state) {
  const running = state.obs && !state.obs.terminal;
  if (!running) return leave(state);
  state.update(
    (s) =>
      (s.confirm = {
        question: t("table.confirm.leave"),
        yesLabel: t("table.confirm.leave_yes"),
        yes: () => leave(state),
      }),
  );
}

// The phase line; a table still filling its seats says so (not "the next deal is coming").
function phaseLine(state, game) {
  if (state.meta && state.meta.status === "open" && !(state.obs.hand_sizes || []).some((n) => n > 0)) {
    const taken = state.seats.filter((s) => s.kind && s.kind !== "empty").length;
    return t("table.waiting_for_players", { taken, seats: numSeats(state) });
  }
  return game.phaseText(state);
}

function topLine(state) {
  const obs = state.obs;
  const game = state.game();
  return [
    h("span", { "data-testid": "status", class: `conn ${state.connected ? "ok" : ""}` }, STATUS[state.status] ? t(STATUS[state.status]) : state.status),
    obs ? h("span", { "data-testid": "phase", class: "phase" }, phaseLine(state, game)) : null,
    state.meta && state.meta.clock && state.meta.clock.move > 0
      ? h("span", { class: "rule", "data-testid": "table-clock", title: t("lobby.clock") }, clockText(state.meta.clock))
      : null,
    state.meta && state.meta.pace > 0
      ? h("span", { class: "rule", "data-testid": "table-pace", title: `${t("lobby.pace")}: ${t("lobby.pace_help")}` }, [h("span", { class: "pace-icon", "aria-hidden": "true" }), paceText(state.meta.pace)])
      : null,
    yourMove(state) ? h("span", { class: "badge go", "data-testid": "your-move" }, t("table.your_move")) : null,
    !seated(state)
      ? h(
          "span",
          {
            "data-testid": "spectator",
            class: "badge",
            title: api.hasInvite(state.id) ? t("table.watching.invited") : t("table.watching.needs_invite"),
          },
          t("table.watching"),
        )
      : null,
    obs && obs.terminal ? h("a", { href: `/replay/${state.id}`, "data-testid": "replay-link" }, t("table.replay")) : null,
    obs && obs.terminal ? h("a", { href: `/api/tables/${state.id}/record`, "data-testid": "record" }, t("table.game_log")) : null,
    seated(state) && isAway(state, state.mySeat, state.seats.find((x) => x.seat === state.mySeat))
      ? h(
          "button",
          { class: "primary", "data-testid": "back", onclick: () => state.socket && state.socket.send({ t: "back" }) },
          t("table.back"),
        )
      : null,
    // far from "your move": leaving mid-round hands the seat to a bot
    seated(state)
      ? h("button", { class: "small leave", "data-testid": "leave", onclick: () => askLeave(state) }, t("table.leave"))
      : null,
    !state.obs || !state.obs.hand ? (state.confirm ? confirmLeave(state) : null) : null,
    state.message
      ? h(
          "div",
          { class: `message ${state.message.kind}`, "data-testid": "message", role: "alert" },
          state.message.text,
          h("button", { class: "small", "aria-label": t("table.dismiss"), onclick: () => state.say(null) }, "×"),
        )
      : null,
  ];
}

// The confirm bar when there is no hand to show it over (a spectator's view has no "leave").
function confirmLeave(state) {
  const c = state.confirm;
  return h(
    "div",
    { class: "confirm", "data-testid": "confirm", role: "alertdialog" },
    h("span", { class: "question" }, c.question),
    h("button", { class: "danger", "data-testid": "confirm-yes", onclick: () => { state.update((s) => (s.confirm = null)); c.yes(); } }, c.yesLabel),
    h("button", { class: "secondary", "data-testid": "confirm-no", onclick: () => state.update((s) => (s.confirm = null)) }, t("table.cancel")),
  );
}

const TABS = { log: "table.tab.history", chat: "table.tab.chat", score: "table.tab.score", cards: "table.tab.cards", review: "review.tab" };
const PANEL_IDS = { score: "score-panel", cards: "counter", review: "review-panel" };

function Side({ state }) {
  const game = state.game();
  const counter = state.obs ? game.counter(state) : null;
  const pick = (key) =>
    state.update((s) => {
      if (s.tab === key && s.sideOpen) s.sideOpen = false;
      else [s.tab, s.sideOpen] = [key, true];
      if (key === "chat") s.unread = false;
    });
  const bodies = {
    log: h(LogList, { log: state.log }),
    chat: h(Chat, { state }),
    score: state.obs ? [game.roundSummary(state), game.scoreSheet(state)] : null,
    cards: counter || h("p", { class: "muted" }, t("table.no_counter")),
    review: tableReviewOffered(state) ? tableReviewView(state) : null,
  };
  return h(
    "aside",
    { class: `side ${state.sideOpen ? "open" : ""}`, "data-testid": "side", "aria-label": t("table.heading.side") },
    h(
      "div",
      { class: "tabs", role: "tablist" },
      Object.entries(TABS).map(([key, title]) =>
        h(
          "button",
          {
            key,
            class: `tab ${key === "chat" && state.unread ? "unread" : ""}`,
            role: "tab",
            "data-testid": `tab-${key}`,
            "aria-selected": String(key === state.tab),
            hidden: (key === "cards" && state.obs && !counter) || (key === "review" && !tableReviewOffered(state)),
            onclick: () => pick(key),
          },
          t(title),
        ),
      ),
      state.sideOpen
        ? h(
            "button",
            {
              class: "small sheet-close",
              "data-testid": "side-close",
              "aria-label": t("table.close"),
              onclick: () => state.update((s) => (s.sideOpen = false)),
            },
            "×",
          )
        : null,
    ),
    Object.entries(bodies).map(([key, body]) =>
      h(
        "div",
        {
          key,
          class: `panel-body ${key === "chat" ? "chat" : ""}`,
          hidden: key !== state.tab,
          "data-testid": PANEL_IDS[key],
        },
        h("h2", { class: "sr-only" }, t(TABS[key])),
        body,
      ),
    ),
  );
}

// The history: one sentence per event, kept scrolled to the newest (not a live region: the
// announcements have their own, see "announce").
function LogList({ log }) {
  const ref = useRef(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [log.length, log[log.length - 1]]);
  return h(
    "ol",
    { "data-testid": "log", class: "history", ref },
    log.map((entry, i) => h("li", { key: i, class: `ev-${entry.type}` }, entry.text)),
  );
}

function Chat({ state }) {
  const list = useRef(null);
  const input = useRef(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [state.chat.length]);
  return [
    h(
      "ol",
      { "data-testid": "chat-list", class: "chat-list", ref: list },
      state.chat.map((line, i) => {
        const who = line.seat === null || line.seat === undefined ? t("table.chat.watching", { name: line.name }) : line.name;
        return h("li", { key: i }, h("b", {}, `${who}: `), line.text); // text nodes: always escaped
      }),
    ),
    h(
      "form",
      {
        class: "chat-form",
        onsubmit: (e) => {
          e.preventDefault();
          const text = input.current.value.trim();
          if (!text || !state.socket) return;
          state.socket.send({ t: "chat", text, name: state.playerName.trim() || null });
          input.current.value = "";
        },
      },
      h("input", { "data-testid": "chat-input", "aria-label": t("table.chat.label"), placeholder: t("table.chat.placeholder"), maxlength: 300, ref: input }),
      h("button", { type: "submit", "data-testid": "chat-send" }, t("table.chat.send")),
    ),
  ];
}

// Rematch: the server makes one new table per finished table, with the same game, options,
// privacy, hot seat and bots; you take your seat again and the other seated players get the
// join link on their sockets (spectators do not).
async function rematch(state) {
  try {
    const res = await api.rematch(state.id, state.token);
    const seat = state.mySeat;
    const name = sittingName(state.playerName);
    if (seat !== null && seat !== undefined && name) {
      const taken = await api.takeSeat(res.id, seat, name);
      api.saveSeat(res.id, taken.seat, taken.token, name);
    }
    location.assign(`/t/${res.id}`);
  } catch (err) {
    state.say(t("table.error.rematch", { reason: friendly(err.message) }));
  }
}

export { actOrConfirm, numSeats };
