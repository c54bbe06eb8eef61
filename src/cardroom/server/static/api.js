// HTTP lobby routes (docs/contracts.md §4). Every call returns parsed JSON or throws an Error
// whose message is the server's explanation, so callers can show it as is.

async function request(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
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
    const msg = (data && (data.msg || data.detail || data.error)) || text || res.statusText;
    throw new Error(`${res.status}: ${typeof msg === "string" ? msg : JSON.stringify(msg)}`);
  }
  return data;
}

export const listGames = () => request("GET", "/api/games");
export const listTables = () => request("GET", "/api/tables");
export const listFinished = () => request("GET", "/api/tables/finished");
export const getReplay = (id, view) =>
  request("GET", `/api/tables/${encodeURIComponent(id)}/replay?view=${encodeURIComponent(view)}`);
export const getTable = (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`);
export const createTable = (game, options, name) =>
  request("POST", "/api/tables", { game, options, name });
export const takeSeat = (id, seat, name) =>
  request("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { name });
export const addBot = (id, seat, level) =>
  request("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/bot`, { level });
export const leaveSeat = (id, seat, token) =>
  request("DELETE", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { token }, token);

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
