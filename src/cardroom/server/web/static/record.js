// The Duplicate section of a profile (/p/{name}): the player's daily challenges (day, boards
// played, IMPs over the bots, matchpoint %, rank among that day's players, links to the day's
// results and the replay) and the events it played in (name, day, team, standing, IMPs, MP %),
// newest first, a page at a time with "Show more"; no section for a player who played neither.
// The server answers as the viewer may see it: a day still running shows no score to someone
// who has not finished those boards.
import * as api from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { pct, signed, teamLabel } from "./scores.js";

const dayText = (iso) => iso.slice(0, 10); // the UTC day, as the challenge's pages name it

export function duplicateSection(name) {
  const challenges = h("tbody", {});
  const events = h("tbody", {});
  const more = { challenges: h("div", { class: "pager" }), events: h("div", { class: "pager" }) };
  const section = h("section", { class: "game-card duplicate", "data-testid": "profile-duplicate", hidden: true },
    h("h2", {}, t("players.duplicate")),
    h("h3", {}, t("players.challenges")),
    h("div", { class: "scroll" }, h("table", { class: "board", "data-testid": "duplicate-challenges", hidden: true },
      h("thead", {}, h("tr", {}, h("th", {}, t("players.day")), h("th", { class: "num wide" }, t("event.boards")),
        h("th", { class: "num" }, t("players.over_bots")), h("th", { class: "num nowrap", title: t("challenge.mp") }, t("players.mp_pct")),
        h("th", { class: "num" }, t("players.place_header")))),
      challenges)),
    more.challenges,
    h("h3", {}, t("players.events")),
    h("div", { class: "scroll" }, h("table", { class: "board", "data-testid": "duplicate-events", hidden: true },
      h("thead", {}, h("tr", {}, h("th", {}, t("players.event")), h("th", { class: "wide" }, t("event.team")),
        h("th", { class: "num" }, t("players.place_header")), h("th", { class: "num" }, t("challenge.imps")),
        h("th", { class: "num nowrap", title: t("challenge.mp") }, t("players.mp_pct")))),
      events)),
    more.events,
  );
  // The first page of both lists, or the next page of one (`list`), appended to what is shown.
  const load = (list = null, from = 0) =>
    api.playerRecord(name, list ? { [`${list}_from`]: from } : {}).then((r) => {
      if (list !== "events") challenges.append(...r.challenges.map(challengeRow));
      if (list !== "challenges") events.append(...r.events.map(eventRow));
      section.hidden = r.challenges_total + r.events_total === 0; // nothing to show: no section
      challenges.parentElement.hidden = r.challenges_total === 0;
      events.parentElement.hidden = r.events_total === 0;
      pager(more.challenges, challenges.children.length, r.challenges_total, "challenges", t("players.no_challenges"), load);
      pager(more.events, events.children.length, r.events_total, "events", t("players.no_events"), load);
    });
  load().catch((err) => {
    section.hidden = false;
    section.append(h("p", { "data-testid": "message" }, api.friendly(err.message)));
  });
  return section;
}

// Under a list: "none yet", or a button for the next page while there is more.
function pager(box, next, total, list, none, load) {
  const parts = [];
  if (total === 0) parts.push(h("p", {}, none));
  if (next < total) {
    parts.push(h("button", { class: "button", type: "button", "data-testid": `more-${list}`,
      onclick: () => load(list, next) }, t("players.more")));
  }
  box.replaceChildren(...parts);
}

// A day: its date (a link to that day's results), "today" while it runs, and the replay once the
// viewer may see it; then the figures, or why they are not shown yet.
function challengeRow(c) {
  const day = h("td", {}, h("a", { href: c.results, class: "nowrap", "data-testid": "duplicate-day" }, dayText(c.day)),
    c.over ? null : h("span", { class: "badge" }, ` ${t("players.today")}`),
    c.replay ? h("div", {}, h("a", { href: c.replay, "data-testid": "duplicate-replay" }, t("players.replay"))) : null);
  const boards = h("td", { class: "num wide" }, t("players.boards_played", { played: c.played, boards: c.boards }));
  if (c.over_bots === null) {
    return h("tr", { "data-testid": `duplicate-${c.day}` }, day, boards,
      h("td", { colspan: 3, class: "muted", "data-testid": "duplicate-sealed" }, t("players.sealed")));
  }
  return h("tr", { "data-testid": `duplicate-${c.day}` }, day, boards,
    h("td", { class: "num", "data-testid": "duplicate-over-bots" }, signed(c.over_bots)),
    h("td", { class: "num" }, pct(c.mp_pct)),
    h("td", { class: "num" }, t("players.place", { rank: c.rank, players: c.players })));
}

function eventRow(e) {
  const standing = e.rank === null
    ? h("td", { class: "muted" }, t(`event.${e.status}`))
    : h("td", { class: "num" }, t("players.place_team", { rank: e.rank, teams: e.teams }));
  return h("tr", { "data-testid": `duplicate-event-${e.id}` },
    h("td", {}, h("a", { href: e.link, class: "words" }, e.name),
      e.created ? h("div", { class: "muted nowrap" }, dayText(e.created)) : null),
    h("td", { class: "wide" }, e.team_name || teamLabel(e.team)),
    standing,
    h("td", { class: "num" }, e.imps === null ? "" : signed(e.imps)),
    h("td", { class: "num" }, e.mp_pct === null ? "" : pct(e.mp_pct)));
}
