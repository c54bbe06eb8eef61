// The replay viewer (/replay/{id}): a finished table step by step (every play) or round by
// round, with all hands open or from one seat's view, and the score. The server folds the log
// (GET /api/tables/{id}/replay); the page only shows it, with the table's own felt.
import * as api from "./api.js";
import { cardEl } from "./cards.js";
import { h } from "./dom.js";
import { gameTitle, t } from "./i18n.js";
import { siteHeader } from "./nav.js";
import { loadReview, REVIEWED, reviewPanel } from "./review.js";
import { feltView, friendly, makeView, nodes } from "./table.js";
import { toDom } from "./ui.js";

const AUTOPLAY_MS = 900;

const ROUND_END = new Set(["round_scored", "hand_end"]);

export function mountReplay(root, id, navigate) {
  const state = { id, data: null, i: 0, view: "all", review: null };
  const asked = new URLSearchParams(window.location.search).get("review");
  window.cardroom = state;
  const main = h("main", { class: "replay page", "data-testid": "replay" }, t("replay.loading"));
  root.replaceChildren(
    siteHeader(navigate, h("span", {}, t("replay.title"))),
    main,
  );
  const load = async () => {
    try {
      state.data = await api.getReplay(id, state.view);
      state.i = Math.min(state.i, state.data.steps.length - 1);
      if (asked !== null && !state.review && /^\d+$/.test(asked)) startReview(state, main, load, Number(asked));
      render(state, main, load);
    } catch (err) {
      main.replaceChildren(h("p", { "data-testid": "message" }, t("replay.failed", { reason: friendly(err.message) })));
    }
  };
  document.addEventListener("keydown", (e) => {
    if (!state.data || !main.isConnected || (e.target && e.target.tagName === "INPUT")) return; // the slider moves itself
    if (e.key === "ArrowRight") go(state, main, load, state.i + 1);
    if (e.key === "ArrowLeft") go(state, main, load, state.i - 1);
  });
  load();
}

// Review seat's decisions (null: no review); the page re-renders as the server reports progress.
function startReview(state, main, load, seat) {
  if (state.review) state.review.stopped = true;
  state.review = seat === null ? null : loadReview(state.id, seat, () => state.data && render(state, main, load));
}

function go(state, main, load, i) {
  state.i = Math.max(0, Math.min(state.data.steps.length - 1, i));
  if (state.i === state.data.steps.length - 1) stop(state);
  const focused = document.activeElement && document.activeElement.dataset.testid;
  render(state, main, load);
  const again = focused && main.querySelector(`[data-testid="${focused}"]`);
  if (again) again.focus(); // the slider or a button keeps the keyboard across the re-render
}

// Autoplay: one step every AUTOPLAY_MS until the end or until paused.
function toggle(state, main, load) {
  if (state.timer) stop(state);
  else state.timer = setInterval(() => go(state, main, load, state.i + 1), AUTOPLAY_MS);
  render(state, main, load);
}

function stop(state) {
  clearInterval(state.timer);
  state.timer = null;
}

// The first step of the round containing step i, and of the next round.
function roundStart(steps, i) {
  let k = i;
  while (k > 0 && !steps[k - 1].events.some((e) => ROUND_END.has(e.type))) k--;
  return k;
}

function nextRound(steps, i) {
  let k = i;
  while (k < steps.length - 1 && !steps[k].events.some((e) => ROUND_END.has(e.type))) k++;
  return Math.min(steps.length - 1, k + 1);
}

function render(state, main, load) {
  const { data } = state;
  const steps = data.steps;
  const step = steps[state.i];
  const history = steps.slice(0, state.i + 1).flatMap((s) => s.events.map((e) => ({ v: s.v, ...e })));
  const seat = state.view === "all" ? null : Number(state.view);
  const view = makeView({
    obs: step.obs,
    mySeat: seat,
    seats: data.seats,
    history,
    replay: true,
    gameName: data.game,
  });
  const game = view.game();
  const said = step.events.map((e) => game.eventText(view, e)).filter(Boolean);
  const button = (label, testid, to) =>
    h("button", { "data-testid": testid, onclick: () => go(state, main, load, to) }, label);
  const select = h(
    "select",
    {
      "data-testid": "replay-view",
      "aria-label": t("replay.whose_view"),
      onchange: (e) => {
        state.view = e.target.value;
        load();
      },
    },
    h("option", { value: "all", selected: state.view === "all" }, t("replay.all_open")),
    data.seats.map((s) => h("option", { value: String(s.seat), selected: state.view === String(s.seat) }, t("replay.seat_view", { who: view.name(s.seat) }))),
  );
  main.replaceChildren(
    ...nodes([
    h("h2", {}, t("replay.heading", { name: data.name || gameTitle(data.game) })),
    h(
      "div",
      { class: "actions replay-controls" },
      button(t("replay.prev_round"), "replay-prev-round", roundStart(steps, state.i) === state.i ? roundStart(steps, Math.max(0, state.i - 1)) : roundStart(steps, state.i)),
      button(t("replay.prev"), "replay-prev", state.i - 1),
      h("span", { "data-testid": "replay-step" }, t("replay.step", { n: state.i + 1, total: steps.length })),
      button(t("replay.next"), "replay-next", state.i + 1),
      button(t("replay.next_round"), "replay-next-round", nextRound(steps, state.i)),
      h(
        "button",
        { "data-testid": "replay-autoplay", "aria-pressed": String(!!state.timer), onclick: () => toggle(state, main, load) },
        state.timer ? t("replay.pause") : t("replay.autoplay"),
      ),
      h("input", {
        type: "range",
        class: "replay-slider",
        "data-testid": "replay-slider",
        "aria-label": t("replay.slider"),
        min: 0,
        max: steps.length - 1,
        value: state.i,
        oninput: (e) => go(state, main, load, Number(e.target.value)),
      }),
      select,
    ),
    toDom( // the review's panel is preact vnodes (shared with the table page)
        reviewPanel({
        review: state.review,
        steps,
        i: state.i,
        seats: REVIEWED.has(data.game) ? data.seats : [],
        name: (s) => view.name(s),
        label: (a) => view.game().label(view, a),
        choose: (seat) => {
          startReview(state, main, load, seat);
          render(state, main, load);
        },
        go: (i) => go(state, main, load, i),
      }),
    ),
    h("p", { "data-testid": "replay-said" }, said.join(" · ") || (step.kind === "chance" ? t("replay.deal_step") : game.label(view, step.text))),
    h("section", { class: `felt replay-felt ${step.obs.hands ? "open-hands" : ""}`, "data-testid": "board" }, nodes(feltView(view))),
    step.obs.hand
      ? h("div", { class: "hand replay-hand", style: `--n:${step.obs.hand.length}` }, step.obs.hand.map((c, i) => cardEl(data.game, c, { style: `--i:${i};--d:0` })))
      : null,
    h("section", {}, game.roundSummary(view), game.scoreSheet(view)),
    ]),
  );
}
