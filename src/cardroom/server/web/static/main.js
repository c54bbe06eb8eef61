// Entry point: "/" is the lobby, "/t/{id}" the table (the join link), "/replay/{id}" a finished
// table's replay, "/rules/{game}" how to play, "/challenge[/{day}]" the daily challenge,
// "/event[/{id}]" a duplicate event.
import { mountChallenge } from "./challenge.js";
import { mountEvent } from "./event.js";
import { loadLanguage } from "./i18n.js";
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
    mountReplay(root, decodeURIComponent(replay[1]));
  } else if (event) {
    cleanup = mountEvent(root, navigate, event[1] ? decodeURIComponent(event[1]) : null);
  } else if (challenge) {
    mountChallenge(root, navigate, challenge[1] || null);
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
loadLanguage(localStorage.getItem("cardroom.lang") || "en").then(route, route);
