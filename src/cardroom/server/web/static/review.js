// Reviews and hints (docs/review.md). In the replay viewer: one seat's decisions reviewed by the
// search bot from that seat's own view — each reviewed step marked with its label and colour,
// "the bot would have played …" with the points lost, buttons from one mistake to the next, and
// the seat's summary; progress while the server computes it. At a table that allows hints: a
// button that asks for the bot's choice for your decision now, with a one-line reason.
import * as api from "./api.js";
import { friendly } from "./api.js";
import { decimal, items, t } from "./i18n.js";
import { h } from "./ui.js";

export const FLAGGED = new Set(["inaccuracy", "mistake", "blunder"]);
export const REVIEWED = new Set(["tichu", "toepen"]);
const POLL_MS = 400;

// ---- the replay viewer --------------------------------------------------------------------------

// Ask for seat's review of table id; onChange(review) after every progress report and at the end.
// review = {seat, state: "queued"|"running"|"done"|"failed", done, total, data, error}.
export function loadReview(id, seat, onChange, token = null) {
  const review = { seat, state: "queued", done: 0, total: 0, data: null, error: null, stopped: false };
  const poll = async () => {
    if (review.stopped) return;
    try {
      const answer = await api.getReview(id, seat, token);
      review.state = answer.state;
      if (answer.state === "done") review.data = answer.review;
      else if (answer.state === "failed") review.error = t("review.failed"); // its reason is the server's English
      else {
        review.done = answer.done;
        review.total = answer.total;
      }
    } catch (err) {
      review.state = "failed";
      review.error = friendly(err.message);
    }
    onChange(review);
    if (review.state === "queued" || review.state === "running") setTimeout(poll, POLL_MS);
  };
  poll();
  return review;
}

// The reviewed decisions at the replay step whose record number is v.
function decisionsAt(review, v) {
  return review && review.data ? review.data.decisions.filter((d) => d.step === v) : [];
}

// Indices of the replay steps with a flagged decision, in order.
export function flaggedSteps(review, steps) {
  if (!review || !review.data) return [];
  const vs = new Set(review.data.decisions.filter((d) => FLAGGED.has(d.label)).map((d) => d.step));
  return steps.map((s, i) => (vs.has(s.v) ? i : -1)).filter((i) => i >= 0);
}

// The review's part of the replay page: the seat chooser, progress or summary, the marks of the
// current step, and the mistake-to-mistake buttons. go(i) shows replay step i.
export function reviewPanel({ review, steps, i, seats, name, label, choose, go }) {
  const chooser = h(
    "select",
    {
      "data-testid": "review-seat",
      "aria-label": t("review.choose"),
      onchange: (e) => choose(e.target.value === "" ? null : Number(e.target.value)),
    },
    h("option", { value: "", selected: !review }, t("review.choose")),
    seats.map((s) => h("option", { value: String(s.seat), selected: review && review.seat === s.seat }, t("review.of", { name: name(s.seat) }))),
  );
  if (!seats.length) return null;
  if (!review) return h("section", { class: "review", "data-testid": "review" }, chooser);
  const parts = [chooser];
  if (review.state === "queued" || review.state === "running") {
    parts.push(
      h(
        "span",
        { class: "review-progress", "data-testid": "review-progress" },
        h("progress", { max: String(review.total || 1), value: String(review.done) }),
        " ",
        review.total ? t("review.progress", { done: review.done, total: review.total }) : t("review.queued"),
      ),
    );
  } else if (review.state === "failed") {
    parts.push(h("span", { class: "error", "data-testid": "review-error" }, review.error || t("review.failed")));
  } else {
    const flagged = flaggedSteps(review, steps);
    const prev = [...flagged].reverse().find((k) => k < i);
    const next = flagged.find((k) => k > i);
    parts.push(
      h("button", { "data-testid": "review-prev-mistake", disabled: prev === undefined, onclick: () => go(prev) }, t("review.prev")),
      h("button", { "data-testid": "review-next-mistake", disabled: next === undefined, onclick: () => go(next) }, t("review.next")),
      summaryLine(review),
    );
  }
  const notes = decisionsAt(review, steps[i] && steps[i].v).map((d) => noteView(d, name, label, review));
  return h("section", { class: "review", "data-testid": "review" }, h("div", { class: "actions" }, parts), notes);
}

// Tichu losses are expected points of the round; Toepen's are points of safety.
function summaryKey(review) {
  return review.data.summary.unit === "safety" ? "review.summary_safety" : "review.summary";
}

function summaryLine(review) {
  const rows = review.data.summary.seats;
  const loss = rows.reduce((a, r) => a + r.loss, 0);
  const unforced = rows.reduce((a, r) => a + r.unforced, 0);
  const accurate = rows.reduce((a, r) => a + (r.accuracy * r.unforced) / 100, 0);
  const counts = {};
  for (const r of rows) for (const [k, n] of Object.entries(r.labels)) counts[k] = (counts[k] || 0) + n;
  const labels = ["blunder", "mistake", "inaccuracy"].filter((k) => counts[k]).map((k) => t(`review.count.${k}`, { n: counts[k] }));
  return h(
    "span",
    { class: "review-summary", "data-testid": "review-summary" },
    t(summaryKey(review), {
      accuracy: unforced ? Math.floor((100 * accurate) / unforced) : 100, // 100 only when nothing was lost
      loss: decimal(loss),
    }),
    labels.length ? ` · ${items(labels)}` : "",
  );
}

// The chance of going out first behind a call decision (the summary's details), if any.
function chanceOf(review, d) {
  const call = { grand: "grand", nogrand: "grand", tichu: "tichu", "no tichu": "tichu" }[d.action];
  if (!call) return "";
  const found = (review.data.summary.details || []).find((x) => x.step === d.step && x.seat === d.seat && x.kind === call);
  return found && found.chance_out_first !== undefined ? ` ${t("review.chance", { chance: Math.round(100 * found.chance_out_first) })}` : "";
}

// A decision and the bot's choice read as the table's buttons word them (label: the game's, so a
// seat an action names is that seat's name, not the notation's number).
function noteView(d, name, label, review) {
  const verdict = d.best === d.action ? t("review.agrees") : t("review.would", { best: label(d.best), loss: decimal(d.loss) });
  const text = verdict + chanceOf(review, d);
  return h(
    "p",
    { class: `review-note review-${d.label}`, "data-testid": "review-note", "data-label": d.label },
    h("strong", { class: "review-label" }, t(`review.label.${d.label}`)),
    " ",
    t("review.decided", { name: name(d.seat), action: label(d.action) }),
    " — ",
    text,
  );
}

// ---- hints at the table -------------------------------------------------------------------------

// The hint button and its answer, for ctx (the table page's view): only where the table allows
// hints, for the seat you hold, while the game waits for you.
export function hintView(ctx, yours) {
  if (!ctx.meta || !ctx.meta.hints || !ctx.token || ctx.gameName !== "tichu" || !yours) return null;
  const shown = ctx.hint && ctx.hint.v === ctx.v ? ctx.hint : null;
  const button = h(
    "button",
    {
      class: "secondary small",
      "data-testid": "hint-button",
      disabled: Boolean(ctx.hintAsking),
      onclick: () => askHint(ctx),
    },
    ctx.hintAsking ? t("hint.thinking") : t("hint.button"),
  );
  if (!shown) return button;
  const text = shown.error
    ? [shown.error]
    : [t("hint.choice"), " ", h("strong", {}, ctx.game().label(ctx, shown.action)), ". ", t(shown.reason, hintParams(ctx, shown.params))];
  return [button, h("span", { class: "hint-answer", "data-testid": "hint-answer", "data-action": shown.action || "" }, text)];
}

// A hint's reason names seats by name: an exchange's gift ("give 3K to 1, …", the notation's
// seats) is worded as the table words it.
function hintParams(ctx, params) {
  const gift = params && params.gift;
  return typeof gift === "string" ? { ...params, gift: ctx.game().label(ctx, gift) } : params || {};
}

async function askHint(ctx) {
  const v = ctx.v;
  ctx.hintAsking = true;
  ctx.render();
  try {
    const answer = await api.askHint(ctx.id, ctx.mySeat, ctx.token);
    ctx.hint = { v, ...answer };
  } catch (err) {
    ctx.hint = { v, error: friendly(err.message) };
  } finally {
    ctx.hintAsking = false;
    ctx.render();
  }
}

// ---- the review tab at a running table -----------------------------------------------------------

// Whether the table page offers a review of your rounds (Tichu, a seat you hold).
export function tableReviewOffered(ctx) {
  return REVIEWED.has(ctx.gameName) && ctx.token && ctx.mySeat !== null && ctx.mySeat !== undefined;
}

// Start (or refresh, once more rounds are over) the review of your finished rounds.
export function startTableReview(ctx) {
  if (ctx.review) ctx.review.stopped = true;
  ctx.update((s) => (s.review = loadReview(s.id, s.mySeat, () => ctx.render(), s.token)));
}

// The review tab: a button to review your rounds that are over, the progress, then per round
// the summary and each flagged decision with what the bot would have played.
export function tableReviewView(ctx) {
  const review = ctx.review;
  const button = h(
    "button",
    { class: "secondary small", "data-testid": "table-review-start", onclick: () => startTableReview(ctx) },
    review ? t("review.again") : t("review.mine"),
  );
  if (!review) return [h("p", { class: "muted" }, t("review.explain")), button];
  if (review.state === "queued" || review.state === "running") {
    return h(
      "p",
      { class: "review-progress", "data-testid": "review-progress" },
      h("progress", { max: String(review.total || 1), value: String(review.done) }),
      " ",
      review.total ? t("review.progress", { done: review.done, total: review.total }) : t("review.queued"),
    );
  }
  if (review.state === "failed") return [h("p", { class: "error", "data-testid": "review-error" }, review.error), button];
  const { decisions, summary } = review.data;
  const name = (s) => ctx.name(s);
  const label = (a) => ctx.game().label(ctx, a);
  return [
    summary.seats.map((row) =>
      h(
        "section",
        { class: "review", "data-testid": "table-review-round" },
        h("h4", {}, t("review.round", { round: row.round })),
        h("p", { class: "review-summary", "data-testid": "review-summary" }, t(summaryKey(review), { accuracy: Math.floor(row.accuracy), loss: decimal(row.loss) })),
        decisions.filter((d) => d.round === row.round && FLAGGED.has(d.label)).map((d) => noteView(d, name, label, review)),
      ),
    ),
    button,
  ];
}
