// Entry point: "/" is the lobby, "/t/{id}" the table (the join link), "/replay/{id}" a finished
// table's replay, "/rules/{game}" how to play, "/p/{name}" a player's profile, "/leaderboard" the
// ratings, "/challenge[/{day}]" the daily challenge, "/event[/{id}]" a duplicate event. The
// account strip (account.js) sits above every page.
import { mountAccount } from "./account.js";
import { mountChallenge } from "./challenge.js";
import { mountEvent } from "./event.js";
import { initialLanguage, loadLanguage, remember } from "./i18n.js";
import { CHANGED } from "./language.js";
import { mountLeaderboard } from "./leaderboard.js";
import { mountLobby } from "./lobby.js";
import { mountProfile } from "./profile.js";
import { mountReplay } from "./replay.js";
import { mountRules } from "./rules.js";
import { mountTable } from "./table.js";
import { render } from "./ui.js";

const root = document.getElementById("app");
let cleanup = null;

// Each page starts from an empty root. The table is a preact tree, the other pages plain DOM:
// preact's render keeps DOM it did not make (the page before stayed under the table) and a
// plain page's replaceChildren leaves preact's record of the old tree (its effects never ran
// their cleanup), so the tree is unmounted and the root emptied whatever came before.
function clearRoot() {
  render(null, root);
  root.replaceChildren();
}

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  clearRoot();
  const path = location.pathname;
  const table = /^\/t\/([^/]+)\/?$/.exec(path);
  const replay = /^\/replay\/([^/]+)\/?$/.exec(path);
  const rules = /^\/rules\/([^/]+)\/?$/.exec(path);
  const profile = /^\/p\/([^/]+)\/?$/.exec(path);
  const challenge = /^\/challenge(?:\/(\d{4}-\d{2}-\d{2}))?\/?$/.exec(path);
  const event = /^\/event(?:\/([^/]+))?\/?$/.exec(path);
  if (table) {
    const ctx = mountTable(root, decodeURIComponent(table[1]));
    cleanup = () => {
      if (ctx.socket) ctx.socket.close();
      clearInterval(ctx.timer);
      document.removeEventListener("keydown", ctx.onKey);
    };
  } else if (replay) {
    mountReplay(root, decodeURIComponent(replay[1]), navigate);
  } else if (event) {
    cleanup = mountEvent(root, navigate, event[1] ? decodeURIComponent(event[1]) : null);
  } else if (challenge) {
    mountChallenge(root, navigate, challenge[1] || null);
  } else if (rules) {
    mountRules(root, decodeURIComponent(rules[1]), navigate);
  } else if (profile) {
    mountProfile(root, decodeURIComponent(profile[1]), navigate);
  } else if (path === "/leaderboard" || path === "/leaderboard/") {
    mountLeaderboard(root, navigate);
  } else {
    cleanup = mountLobby(root, navigate);
  }
}

function navigate(path) {
  history.pushState(null, "", path);
  route();
}

window.addEventListener("popstate", route);
const mountAll = () => {
  mountAccount(document.getElementById("account"));
  route();
};
window.addEventListener(CHANGED, (e) => {
  remember(e.detail);
  loadLanguage(e.detail).then(mountAll, mountAll);
});
loadLanguage(initialLanguage()).then(mountAll, mountAll);
