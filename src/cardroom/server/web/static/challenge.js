// The daily challenge: today's boards with a bot partner against two bots, one try a day; the
// results against everyone who played the same boards and the bots' own result (the server
// shows a board's results only once you finished it, or after its day). "/challenge" is
// today, "/challenge/{day}" a past day.
import { accountNameField } from "./account.js";
import * as api from "./api.js";
import { h } from "./dom.js";
import { day as dayText, number, t } from "./i18n.js";
import { levelName } from "./levels.js";
import { pct, signed } from "./scores.js";
import { siteHeader } from "./nav.js";


function standingsTable(data) {
  const mine = data.you && data.you.id;
  return h(
    "table",
    { "data-testid": "challenge-standings" },
    h("tr", {}, ["#", t("challenge.player"), t("challenge.imps"), t("challenge.mp"), ""].map((c) => h("th", {}, c))),
    data.teams.map((row, i) =>
      h(
        "tr",
        { "data-testid": "standing-row", class: row.team === mine ? "mine" : row.team === "bots" ? "muted" : "" },
        h("td", {}, String(i + 1)),
        h("td", {}, row.ranked ? h("a", { href: `/p/${encodeURIComponent(row.name)}`, "data-testid": "standing-player" }, row.name) : rowName(data, row),
          row.ranked ? "" : h("span", { class: "badge" }, row.team === "bots" ? t("challenge.baseline") : t("challenge.guest"))),
        h("td", {}, signed(row.imps)),
        h("td", {}, pct(row.mp_pct)),
        h("td", {}, row.table ? h("a", { href: `/replay/${encodeURIComponent(row.table)}`, "data-testid": "standing-replay" }, t("challenge.replayShort")) : ""),
      ),
    ),
  );
}

// A row's name: the player's, or the page's words for the bots' baseline.
const rowName = (data, row) => (row.team === "bots" ? t("event.bots", { level: levelName(data.level) }) : row.name);

function boardsTable(data) {
  const names = Object.fromEntries(data.teams.map((row) => [row.team, rowName(data, row)]));
  const mine = data.you && data.you.id;
  return data.boards.map((group) =>
    h(
      "section",
      { "data-testid": "challenge-board" },
      h("h3", {}, t("challenge.board", { board: group.board })),
      h(
        "table",
        {},
        h("tr", {}, [t("challenge.player"), t("challenge.score"), "MP", t("challenge.imps")].map((c) => h("th", {}, c))),
        group.results.map((r) =>
          h(
            "tr",
            { class: r.team === mine ? "mine" : "" },
            h("td", {}, names[r.team] || r.team),
            h("td", {}, signed(r.score)),
            h("td", {}, number(r.mp)),
            h("td", {}, signed(r.imps)),
          ),
        ),
      ),
    ),
  );
}

function results(data) {
  const you = data.you;
  const parts = [];
  if (!data.shown) {
    parts.push(h("p", { class: "muted", "data-testid": "challenge-hidden" }, t("challenge.hidden")));
    return parts;
  }
  if (you && you.over_bots !== null && you.over_bots !== undefined) {
    parts.push(h("p", { class: "big", "data-testid": "over-bots" }, t("challenge.overBots", { imps: signed(you.over_bots), boards: you.played })));
  }
  if (you && you.table && you.finished) {
    parts.push(h("p", {}, h("a", { href: `/replay/${encodeURIComponent(you.table)}`, "data-testid": "challenge-replay" }, t("challenge.replay"))));
  }
  if (!data.over && data.shown < data.board_count) {
    parts.push(h("p", { class: "muted" }, t("challenge.partly", { shown: data.shown, boards: data.board_count })));
  }
  parts.push(standingsTable(data), ...boardsTable(data));
  return parts;
}

export function mountChallenge(root, navigate, day) {
  const body = h("div", { "data-testid": "challenge-body" }, t("challenge.loading"));
  const msg = h("div", { class: "message error", "data-testid": "message", hidden: true });
  const past = h("nav", { class: "days", "data-testid": "challenge-days" });
  root.replaceChildren(
    siteHeader(navigate),
    h(
      "div",
      { class: "page challenge" },
      h("h1", {}, t("challenge.title")),
      msg,
      body,
      h("h2", {}, t("challenge.pastDays")),
      past,
    ),
  );
  const fail = (err) => {
    msg.textContent = api.friendly(err.message || err);
    msg.hidden = false;
  };

  async function play(nameInput) {
    try {
      const res = await api.startChallenge(nameInput.value.trim());
      if (res.token) api.saveSeat(res.table, res.seat, res.token, nameInput.value.trim());
      navigate(`/t/${encodeURIComponent(res.table)}`);
    } catch (err) {
      fail(err);
    }
  }

  async function load() {
    const today = await api.getChallenge();
    const shownDay = day || today.day;
    const parts = [
      h("p", { "data-testid": "challenge-intro" }, t("challenge.intro", { day: dayText(shownDay), boards: today.boards, level: levelName(today.level) })),
    ];
    if (!day || day === today.day) {
      const you = today.you;
      if (!you) {
        const saved = api.savedSeat("challenge-name");
        const nameInput = accountNameField(h("input", { "data-testid": "challenge-name", maxlength: 40, placeholder: t("challenge.yourName"), value: (saved && saved.name) || "" }));
        parts.push(
          h(
            "form",
            { onsubmit: (e) => (e.preventDefault(), play(nameInput)) },
            nameInput,
            h("button", { type: "submit", class: "button", "data-testid": "challenge-play" }, t("challenge.play")),
          ),
        );
      } else if (!you.finished) {
        parts.push(
          h("p", {}, h("a", { class: "button", href: `/t/${encodeURIComponent(you.table)}`, "data-testid": "challenge-continue" }, t("challenge.continue", { played: you.played, boards: today.boards }))),
        );
      }
    }
    const data = await api.challengeResults(shownDay);
    parts.push(h("h2", {}, t("challenge.results", { day: dayText(shownDay) })), ...results(data));
    body.replaceChildren(...parts);
    const days = await api.challengeDays();
    past.replaceChildren(
      ...(days.days.length
        ? days.days.map((d) =>
            h("a", { href: `/challenge/${d}`, "data-testid": `challenge-day-${d}`, onclick: (e) => (e.preventDefault(), navigate(`/challenge/${d}`)) }, dayText(d)),
          )
        : [h("p", { class: "muted", "data-testid": "challenge-no-days" }, t("challenge.noPastDays"))]),
    );
  }
  load().catch(fail);
}
