// Duplicate events: "/event" creates one (K teams over M boards, bots fill empty seats);
// "/event/{id}" shows its teams (join a place while it is open), the owner's start button, your
// tables board by board, and the standings, live until the final table.
import { accountNameField } from "./account.js";
import * as api from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { levelHint, levelName } from "./levels.js";
import { pct, signed, teamLabel } from "./scores.js";
import { siteHeader } from "./nav.js";


const FALLBACK_LEVELS = ["heuristic", "heuristic-v1", "random", "search"];

function field(label, input) {
  return h("label", { class: "opt" }, label, " ", input);
}

function createForm(navigate, fail) {
  const name = h("input", { "data-testid": "event-name", maxlength: 60, placeholder: t("event.name") });
  const teams = h("input", { "data-testid": "event-teams", type: "number", min: 2, max: 16, value: 4 });
  const boards = h("input", { "data-testid": "event-boards", type: "number", min: 1, max: 32, value: 8 });
  const level = h("select", { "data-testid": "event-level" });
  const offer = (levels) =>
    level.replaceChildren(...levels.map((l) => h("option", { value: l, selected: l === "heuristic", title: levelHint(l) }, levelName(l))));
  // every Tichu level the server plays (GET /api/games); these four if the list cannot be read
  api
    .listGames()
    .then((games) => offer((games.find((g) => g.name === "tichu") || {}).bot_levels || FALLBACK_LEVELS))
    .catch(() => offer(FALLBACK_LEVELS));
  const submit = async (e) => {
    e.preventDefault();
    try {
      const res = await api.createEvent({ name: name.value.trim(), teams: Number(teams.value), boards: Number(boards.value), level: level.value });
      navigate(`/event/${res.id}`);
    } catch (err) {
      fail(err);
    }
  };
  return h(
    "form",
    { class: "create", onsubmit: submit },
    h("p", {}, t("event.explain")),
    field(t("event.name"), name),
    field(t("event.teams"), teams),
    field(t("event.boards"), boards),
    field(t("event.level"), level),
    h("button", { type: "submit", class: "primary", "data-testid": "event-create" }, t("event.create")),
  );
}

// A team's name: its players', or for a team of bots the page's words for it.
function teamName(data, team, name) {
  return (data.bot_teams || []).includes(team) ? t("event.bots", { level: levelName(data.level) }) : name;
}

function standings(data) {
  const rows = data.standings.teams;
  return h(
    "table",
    { "data-testid": "event-standings" },
    h("tr", {}, ["#", t("event.team"), t("challenge.imps"), t("challenge.mp")].map((c) => h("th", {}, c))),
    rows.map((row, i) =>
      h(
        "tr",
        { "data-testid": "event-row", class: row.team === data.you ? "mine" : "" },
        h("td", {}, String(i + 1)),
        h("td", {}, `${teamLabel(row.team)} · ${teamName(data, row.team, row.name)}`),
        h("td", {}, signed(row.imps)),
        h("td", {}, pct(row.mp_pct)),
      ),
    ),
  );
}

function teamsList(data, id, refresh, fail) {
  const name = accountNameField(h("input", { "data-testid": "event-player-name", maxlength: 40, placeholder: t("challenge.yourName") }));
  const join = (team) => async () => {
    try {
      await api.joinEvent(id, team, name.value.trim());
      refresh();
    } catch (err) {
      fail(err);
    }
  };
  return h(
    "div",
    {},
    data.status === "open" && !data.you ? name : null,
    h(
      "ul",
      { "data-testid": "event-teams-list" },
      Object.entries(data.team_names).map(([team, who]) =>
        h(
          "li",
          {},
          `${teamLabel(team)}: ${teamName(data, team, who)}`,
          data.status === "open" && !data.you ? h("button", { class: "small", "data-testid": `join-${team}`, onclick: join(team) }, t("event.join")) : null,
        ),
      ),
    ),
  );
}

function yourTables(data, id, navigate, fail) {
  if (!data.your_tables.length) return null;
  const sit = (board) => async () => {
    try {
      const res = await api.sitEvent(id, board);
      api.saveSeat(res.table, res.seat, res.token, "");
      navigate(`/t/${encodeURIComponent(res.table)}`);
    } catch (err) {
      fail(err);
    }
  };
  return h(
    "ul",
    { "data-testid": "event-your-tables" },
    data.your_tables.map((tb) =>
      h(
        "li",
        {},
        t("event.board_direction", { board: tb.board, direction: t(`event.direction.${tb.direction}`) }),
        " ",
        tb.done ? t("event.done") : h("button", { class: "small", "data-testid": `sit-board-${tb.board}`, onclick: sit(tb.board) }, t("event.play")),
      ),
    ),
  );
}

export function mountEvent(root, navigate, id) {
  const msg = h("div", { class: "message error", "data-testid": "message", hidden: true });
  const body = h("div", { "data-testid": "event-body" }, t("challenge.loading"));
  const fail = (err) => {
    msg.textContent = api.friendly(err.message || err);
    msg.hidden = false;
  };
  root.replaceChildren(
    siteHeader(navigate),
    h(
      "div",
      { class: "page challenge" },
      h("h1", {}, t("event.title")),
      msg,
      body,
    ),
  );
  if (!id) {
    body.replaceChildren(createForm(navigate, fail));
    return () => {};
  }
  let timer = null;
  async function refresh() {
    const data = await api.getEvent(id);
    const owner = api.isEventOwner(id);
    const status = { open: t("event.open"), running: t("event.running"), finished: t("event.finished") }[data.status];
    const parts = [
      h("h2", { "data-testid": "event-title" }, data.name),
      h("p", { "data-testid": "event-status", "data-status": data.status }, status, " · ", t(data.match === "team" ? "event.teamMatch" : "event.pairs", { teams: data.teams, boards: data.boards, level: levelName(data.level) })),
      owner && data.status === "open" ? h("button", { class: "primary", "data-testid": "event-start", onclick: () => api.startEvent(id).then(refresh, fail) }, t("event.start")) : null,
      teamsList(data, id, refresh, fail),
      yourTables(data, id, navigate, fail),
      h("h3", {}, data.status === "finished" ? t("event.final") : t("event.live", { shown: data.shown.length, boards: data.boards })),
      standings(data),
    ];
    body.replaceChildren(...parts.filter(Boolean));
    if (data.status === "finished" && timer) {
      clearInterval(timer);
      timer = null;
    }
  }
  refresh().catch(fail);
  timer = setInterval(() => refresh().catch(fail), 2000);
  return () => timer && clearInterval(timer);
}
