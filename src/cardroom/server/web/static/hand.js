// Your area: the game's panels (exchange, wish), the action row (Play, Pass, calls, Bomb), a
// chooser when one selection makes several plays, and your hand in one fanned row. Calls that
// cost points and leaving mid-round ask once more (a confirm bar) before they are sent.
import { cardEl, cardText } from "./cards.js";
import { testid } from "./dom.js";
import { t } from "./i18n.js";
import { hintView } from "./review.js";
import { h } from "./ui.js";

// Actions that cost points when they go wrong: confirmed before they are sent.
export const COSTLY = { tichu: 100, grand: 200 };

export function sortedHand(view) {
  const game = view.game();
  const hand = [...(view.obs.hand || [])];
  return hand.sort((a, b) => game.sortKey(a, view.sortBy) - game.sortKey(b, view.sortBy));
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}

// The legal play actions whose cards are exactly the selection.
export function matchingPlays(view) {
  const game = view.game();
  return (view.obs.legal || []).filter((a) => game.isCardAction(a) && sameCards(game.cardsOf(a), view.selected));
}

// The bombs you may throw now (in or out of turn): legal "bomb …" actions, or plays that are bombs.
export function bombActions(view) {
  if (view.obs.game !== "tichu") return [];
  const legal = view.obs.legal || [];
  const info = view.obs.legal_info || [];
  const outOfTurn = !(view.obs.awaited || []).includes(view.mySeat); // then a play is a bomb
  return legal.filter(
    (a, i) => a.startsWith("bomb ") || (a.startsWith("play ") && (outOfTurn || (info[i] && info[i].kind === "bomb"))),
  );
}

export function clickCard(view, code) {
  const game = view.game();
  if (game.onCardClick(view, code)) {
    view.update();
    return;
  }
  view.update((s) => {
    s.chooser = null;
    if (s.selected.includes(code)) s.selected = s.selected.filter((c) => c !== code);
    else s.selected = game.singleSelect ? [code] : [...s.selected, code];
  });
}

export function myArea(view) {
  const obs = view.obs;
  if (!obs || !obs.hand) return null;
  const game = view.game();
  const hand = sortedHand(view);
  const n = hand.length;
  const mid = (n - 1) / 2;
  const marks = { ...game.handMarks(view), ...((view.local && view.local.marks) || {}) };
  const before = view.prevHand || new Set(hand); // cards new in the hand (dealt, received) animate
  view.prevHand = new Set(hand);
  return [
    h("h2", { class: "sr-only" }, t("table.heading.hand")),
    game.panels(view),
    view.confirm ? confirmBar(view) : null,
    h(
      "div",
      { class: "action-row" },
      h("div", { class: "actions", "data-testid": "actions" }, actionBar(view)),
      n < 2
        ? null
        : h(
            "button",
            {
              class: "small sort",
              "data-testid": "sort-hand",
              title: t("table.sort.title"),
              onclick: () =>
                view.update((s) => {
                  s.sortBy = s.sortBy === "rank" ? "suit" : "rank";
                  localStorage.setItem("cardroom.sort", s.sortBy);
                }),
            },
            t(view.sortBy === "rank" ? "table.sort.by_suit" : "table.sort.by_rank"),
          ),
    ),
    view.chooser ? chooserView(view) : null,
    h(
      "div",
      // --k: the marked cards with a card over them (style.css gives them more room)
      { class: "hand", "data-testid": "hand", role: "group", "aria-label": t("table.hand"), style: `--n:${n};--k:${hand.slice(0, -1).filter((c) => marks[c]).length}`, tabindex: -1 },
      hand.map((code, i) => {
        const selected = view.selected.includes(code);
        const mark = marks[code];
        return cardEl(
          obs.game,
          code,
          {
            key: code,
            class: `${selected ? "selected" : ""} ${mark ? "marked" : ""} ${before.has(code) ? "" : "fresh"}`,
            "data-testid": `card-${code}`,
            role: "button",
            tabindex: 0,
            "aria-pressed": String(selected),
            style: `--i:${i};--d:${(i - mid).toFixed(1)}`,
            onclick: () => clickCard(view, code),
            onkeydown: (e) => {
              if (e.key === " ") {
                e.preventDefault();
                clickCard(view, code);
              }
            },
          },
          mark ? h("span", { class: "mark", "data-testid": `mark-${code}` }, markParts(mark)) : null,
        );
      }),
    ),
  ];
}

// "Call Tichu! (±100)?" with Call and Cancel; the same for leaving a running round.
// A card's mark: a text, or its parts (a seat's name one of them) with a line break allowed
// only between them (style.css keeps the words of each part whole).
function markParts(mark) {
  return Array.isArray(mark) ? mark.flatMap((part, i) => (i ? [h("wbr", {}), part] : [part])) : mark;
}

function confirmBar(view) {
  const c = view.confirm;
  const cancel = () => view.update((s) => (s.confirm = null));
  return h(
    "div",
    { class: "confirm", "data-testid": "confirm", role: "alertdialog", "aria-label": c.question },
    h("span", { class: "question" }, c.question),
    h("button", { class: "danger", "data-testid": "confirm-yes", onclick: () => { cancel(); c.yes(); } }, c.yesLabel),
    h("button", { class: "secondary", "data-testid": "confirm-no", onclick: cancel }, t("table.cancel")),
  );
}

// Ask before a costly call; everything else goes at once.
export function actOrConfirm(view, a) {
  const verb = a.split(" ")[0];
  if (!(verb in COSTLY)) return view.act(a);
  const label = view.game().label(view, a);
  view.update(
    (s) =>
      (s.confirm = {
        question: t("table.confirm.call", { call: label.replace(/!$/, ""), points: COSTLY[verb] }),
        yesLabel: t("table.confirm.call_yes", { call: label }),
        yes: () => view.act(a),
      }),
  );
}

function actionBar(view) {
  const game = view.game();
  const legal = view.obs.legal || [];
  const matches = view.selected.length ? matchingPlays(view) : [];
  const hasPlays = legal.some((a) => game.isCardAction(a));
  const play = h(
    "button",
    {
      "data-testid": "play",
      class: "primary",
      disabled: matches.length === 0,
      title: t("table.play.title"),
      onclick: () => {
        if (matches.length === 1) view.act(matches[0]);
        else if (matches.length > 1) view.update((s) => (s.chooser = matches));
      },
    },
    t("table.play"),
  );
  const others = legal
    .filter((a) => !game.isCardAction(a) && !game.isPanelAction(a) && !a.startsWith("bomb "))
    .map((a) => {
      const verb = a.split(" ")[0];
      const cost = COSTLY[verb];
      return h(
        "button",
        {
          key: a,
          "data-testid": `action-${testid(a)}`,
          "data-action": a,
          class: a === "pass" ? "pass" : cost ? `call call-${verb}` : "secondary",
          onclick: () => actOrConfirm(view, a),
        },
        h("span", {}, game.label(view, a), cost ? h("span", { class: "cost" }, ` ±${cost}`) : null),
      );
    });
  const bombs = bombActions(view);
  const bomb = bombs.length
    ? h(
        "button",
        {
          class: "bomb-button",
          "data-testid": "bomb-button",
          title: t("table.bomb.title"),
          onclick: () => {
            // The press claims the moment, whatever the bots do meanwhile: the server plays a
            // lone bomb at once, or holds the table still while you pick one of several (the
            // press cannot be taken back); the others hear only that you are bombing.
            if (view.socket) view.socket.send({ t: "bomb" });
            if (bombs.length > 1) {
              view.update((s) => {
                s.chooser = bombs;
                s.bombClaimed = true;
              });
            }
          },
        },
        t("table.bomb"),
      )
    : null;
  const hint = view.selected.length && !matches.length && hasPlays ? t("table.not_legal") : "";
  return [
    hasPlays || ((view.obs.awaited || []).includes(view.mySeat) && legal.includes("pass")) ? play : null,
    others,
    bomb,
    hint ? h("span", { class: "hint", "data-testid": "hint" }, hint) : null,
    matches.length ? null : suggestions(view),
    hintView(view, legal.length > 0 && (view.obs.awaited || []).includes(view.mySeat)),
  ];
}

// Legal plays that contain the selected cards (at most 4), one click to select one of them:
// picking a straight or a full house takes a click or two instead of five.
function suggestions(view) {
  const game = view.game();
  if (game.singleSelect || !view.selected.length) return null;
  const legal = view.obs.legal || [];
  const info = view.obs.legal_info || [];
  const seen = new Set();
  const found = [];
  legal.forEach((a, i) => {
    if (!game.isCardAction(a)) return;
    const cards = game.cardsOf(a);
    const key = [...cards].sort().join(" ");
    if (seen.has(key) || !view.selected.every((c) => cards.includes(c))) return;
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
        { class: "small", "data-testid": "suggestion", onclick: () => view.update((s) => (s.selected = [...f.cards])) },
        String(f.label).replace(/-/g, "–"),
      ),
    ),
  );
}

function chooserView(view) {
  const game = view.game();
  const bombs = view.chooser.some((a) => a.startsWith("bomb "));
  return h(
    "div",
    { class: "chooser", "data-testid": "chooser", role: "dialog" },
    h("div", { class: "chooser-title" }, bombs ? t("table.bomb.which") : game.chooserTitle(view, view.chooser)),
    view.chooser.map((a) =>
      h(
        "button",
        { key: a, "data-testid": "chooser-option", "data-action": a, onclick: () => view.act(a) },
        a.startsWith("bomb ") ? game.cardsOf(a).map((c) => cardText(view.obs.game, c)).join(" ") : game.chooserLabel(view, a),
      ),
    ),
    view.bombClaimed // a claimed bomb cannot be taken back
      ? null
      : h("button", { class: "secondary", onclick: () => view.update((s) => (s.chooser = null)) }, t("table.cancel")),
  );
}
