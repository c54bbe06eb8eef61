// HTTP lobby routes (docs/contracts.md §4). Every call returns parsed JSON or throws an Error
// whose message is the server's explanation, so callers can show it as is: in the reader's
// language when the refusal has a code (refusedText), else the server's English.
import { t } from "./i18n.js";

async function request(method, path, body, token, table) {
  const headers = { Accept: "application/json", "X-Cardroom-Guest": guestId() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (table && stored(`cardroom.owner.${table}`)) {
    headers["X-Cardroom-Owner"] = stored(`cardroom.owner.${table}`);
  }
  if (table && stored(`cardroom.invite.${table}`)) {
    headers["X-Cardroom-Invite"] = stored(`cardroom.invite.${table}`);
  }
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const msg = refusedText(data) || (data && (data.msg || data.detail || data.error)) || text || res.statusText;
    throw new Error(`${res.status}: ${typeof msg === "string" ? msg : JSON.stringify(msg)}`);
  }
  return data;
}

// A refused request in the reader's language (the catalogue's key for its code, with the
// body's params: lobby.error.*, or account.error.* for the account routes), or null when its
// code is unknown here (the caller shows the English).
export function refusedText(data, keyOf = (code) => `lobby.error.${code}`) {
  if (!data || typeof data !== "object" || !data.code) return null;
  const key = keyOf(data.code);
  const text = t(key, data.params || {});
  return text === key ? null : text;
}

export const listGames = () => request("GET", "/api/games");
export const listTables = () => request("GET", "/api/tables");
export const listFinished = () => request("GET", "/api/tables/finished");
// A private table answers only to its invite or owner secret (sent by `request` for `id`).
export const getReplay = (id, view) =>
  request("GET", `/api/tables/${encodeURIComponent(id)}/replay?view=${encodeURIComponent(view)}`, undefined, null, id);
export const getReview = (id, seat, token = null) =>
  request("GET", `/api/tables/${encodeURIComponent(id)}/review?seat=${encodeURIComponent(seat)}`, undefined, token, id);
export const askHint = (id, seat, token) =>
  request("POST", `/api/tables/${encodeURIComponent(id)}/hint`, { seat, token }, token, id);
// With the seat token a seated player sees its private table even without the invite.
export const getTable = (id, token = null) => request("GET", `/api/tables/${encodeURIComponent(id)}`, undefined, token, id);
// The rematch of a finished table (the server keeps its privacy, hot seat and bots, and makes
// one per table): this browser keeps its invite, and its owner secret if it made it.
export async function rematch(id, token) {
  const res = await request("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, {}, token, id);
  if (res.owner) localStorage.setItem(`cardroom.owner.${res.id}`, res.owner);
  localStorage.setItem(`cardroom.invite.${res.id}`, res.invite);
  return res;
}
export const keepInvite = (id, invite) => localStorage.setItem(`cardroom.invite.${id}`, invite);
export const invite = (id) => stored(`cardroom.invite.${id}`);
export async function createTable(game, options, name, flags = {}) {
  const res = await request("POST", "/api/tables", { game, options, name, ...flags });
  localStorage.setItem(`cardroom.owner.${res.id}`, res.owner);
  localStorage.setItem(`cardroom.invite.${res.id}`, res.invite);
  return res;
}
export const takeSeat = (id, seat, name) =>
  request("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { name }, null, id);
export const addBot = (id, seat, level) =>
  request("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/bot`, { level }, null, id);
export const leaveSeat = (id, seat, token) =>
  request("DELETE", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { token }, token, id);

// Ownership (README "Ownership, invites and guest seats"): the creator's browser keeps the owner
// secret and the invite; a join link /t/{id}#invite=… hands the invite to a friend's browser.
function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function guestId() {
  let id = stored("cardroom.guest");
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("cardroom.guest", id);
  }
  return id;
}

export const isOwner = (id) => !!stored(`cardroom.owner.${id}`);
export const hasInvite = (id) => !!stored(`cardroom.invite.${id}`);
export const freeSeat = (id, seat) =>
  request("DELETE", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, {}, null, id);

// The join link of a table this browser created (null otherwise).
export function inviteLink(id) {
  const invite = stored(`cardroom.owner.${id}`) && stored(`cardroom.invite.${id}`);
  return invite ? `${location.origin}/t/${encodeURIComponent(id)}#invite=${invite}` : null;
}

{
  const page = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  const invite = /(?:^#|&)invite=([\w-]+)/.exec(location.hash);
  if (page && invite) {
    localStorage.setItem(`cardroom.invite.${decodeURIComponent(page[1])}`, invite[1]);
  }
}

// Seat tokens live in localStorage per table so that a reload reconnects to the same seat.
const KEY = (id) => `cardroom.seat.${id}`;

export function savedSeat(id) {
  try {
    return JSON.parse(localStorage.getItem(KEY(id)) || "null");
  } catch {
    return null;
  }
}

export function saveSeat(id, seat, token, name) {
  localStorage.setItem(KEY(id), JSON.stringify({ seat, token, name }));
}

export function forgetSeat(id) {
  localStorage.removeItem(KEY(id));
}

// Server words a player understands: no rule numbers, no HTTP codes.
export function friendly(msg) {
  return String(msg)
    .replace(/^\d{3}:\s*/, "")
    .replace(/\b(?:R|V-)[\dA-Z.-]*\d[\dA-Z.-]*:\s*/g, "");
}

// The daily duplicate challenge (README "Duplicate Tichu").
export const getChallenge = () => request("GET", "/api/challenge");
export const startChallenge = (name) => request("POST", "/api/challenge", { name });
export const challengeDays = () => request("GET", "/api/challenge/days");
export const challengeResults = (day) =>
  request("GET", `/api/challenge/${encodeURIComponent(day)}/results`);

// A player's duplicate record (its profile's Duplicate section), from the given offsets.
export const playerRecord = (name, query = {}) =>
  request("GET", `/api/players/${encodeURIComponent(name)}/duplicate?${new URLSearchParams(query)}`);

// Duplicate events: the creator's browser keeps the owner secret.
export async function createEvent(options) {
  const res = await request("POST", "/api/events", options);
  localStorage.setItem(`cardroom.event.${res.id}`, res.owner);
  return res;
}
export const isEventOwner = (id) => !!stored(`cardroom.event.${id}`);
export const getEvent = (id) => request("GET", `/api/events/${encodeURIComponent(id)}`);
export const joinEvent = (id, team, name) =>
  request("POST", `/api/events/${encodeURIComponent(id)}/join`, { team, name });
export const startEvent = (id) =>
  request("POST", `/api/events/${encodeURIComponent(id)}/start`, { owner: stored(`cardroom.event.${id}`) });
export const sitEvent = (id, board) =>
  request("POST", `/api/events/${encodeURIComponent(id)}/boards/${board}/seat`, {});
