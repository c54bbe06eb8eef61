// Entry point: "/" is the lobby, "/t/{id}" the table (the join link), "/replay/{id}" a finished
// table's replay, "/rules/{game}" how to play.
import { initialLanguage, loadLanguage, remember } from "./i18n.js";
import { CHANGED } from "./language.js";
import { mountLobby } from "./lobby.js";
import { mountReplay } from "./replay.js";
import { mountRules } from "./rules.js";
import { mountTable } from "./table.js";

const root = document.getElementById("app");
let cleanup = null;

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  const path = location.pathname;
  const table = /^\/t\/([^/]+)\/?$/.exec(path);
  const replay = /^\/replay\/([^/]+)\/?$/.exec(path);
  const rules = /^\/rules\/([^/]+)\/?$/.exec(path);
  if (table) {
    const ctx = mountTable(root, decodeURIComponent(table[1]));
    cleanup = () => {
      if (ctx.socket) ctx.socket.close();
      clearInterval(ctx.timer);
      document.removeEventListener("keydown", ctx.onKey);
    };
  } else if (replay) {
    mountReplay(root, decodeURIComponent(replay[1]));
  } else if (rules) {
    mountRules(root, decodeURIComponent(rules[1]));
  } else {
    cleanup = mountLobby(root, navigate);
  }
}

function navigate(path) {
  history.pushState(null, "", path);
  route();
}

window.addEventListener("popstate", route);
window.addEventListener(CHANGED, (e) => {
  remember(e.detail);
  loadLanguage(e.detail).then(route, route);
});
loadLanguage(initialLanguage()).then(route, route);
