// Entry point: "/" is the lobby, "/t/{id}" the table view (the join link).
import { mountLobby } from "./lobby.js";
import { mountTable } from "./table.js";

const root = document.getElementById("app");
let cleanup = null;

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  const m = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  if (m) {
    const ctx = mountTable(root, decodeURIComponent(m[1]));
    cleanup = () => ctx.socket && ctx.socket.close();
  } else {
    cleanup = mountLobby(root, navigate);
  }
}

function navigate(path) {
  history.pushState(null, "", path);
  route();
}

window.addEventListener("popstate", route);
route();
