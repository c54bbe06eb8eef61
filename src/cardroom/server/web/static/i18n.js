// Messages from the catalogues (the same JSON files the server and the terminal use): t(key, params)
// gives the text of a key in the page's language. Texts are ICU messages — "{name}",
// "{n, plural, one {…} other {…}}", "{n, selectordinal, …}", "{x, select, …}" — the same subset as
// cardroom/i18n/icu.py, with plural rules from Intl.PluralRules and numbers from Intl.NumberFormat
// (no build step, no library). main.js loads the language before the first render, so t() is
// synchronous everywhere else.
//
// A parameter may be typed, resolved here in the reader's language: {seat: n} (a name, through the
// `names` function given to render), {seats: [...]} (names as a list), {cards: [...], game}
// (card codes, special cards by name), {msg: {key, params}} (a nested message).

import { cardText } from "./cards.js";

let messages = {};
let fallback = {};
let current = "en";

export const LANGUAGES = ["en", "ja", "ko", "zh-TW", "nl", "de", "el"];
export const PSEUDO = "xx-pseudo"; // test language: every English text wrapped in ⟦ ⟧
export const NATIVE = { en: "English", ja: "日本語", ko: "한국어", "zh-TW": "繁體中文", nl: "Nederlands", de: "Deutsch", el: "Ελληνικά" };
const RTL = new Set(["ar", "he", "fa", "ur"]); // none spoken yet; `dir` follows the language anyway
const STORE = "cardroom.lang";

export function language() {
  return current;
}

// The Intl locale of the current language (the pseudo-locale counts as English).
export function locale() {
  return current === PSEUDO ? "en" : current;
}

// The room's language closest to a browser tag: "ja-JP" -> "ja", "zh-Hant-TW"/"zh-TW" -> "zh-TW".
export function choose(tag) {
  const t = String(tag || "").toLowerCase().replace("_", "-");
  if (t === PSEUDO) return PSEUDO;
  if (t.startsWith("zh")) return /tw|hant|hk|mo/.test(t) ? "zh-TW" : null;
  const base = t.split("-")[0];
  return LANGUAGES.includes(base) ? base : null;
}

// The language to start in: the one chosen with the switcher, else the one the server chose
// from the Accept-Language header (<html lang> of the page), else the browser's list.
export function initialLanguage() {
  const saved = localStorage.getItem(STORE);
  if (saved && (LANGUAGES.includes(saved) || saved === PSEUDO)) return saved;
  const served = document.documentElement.lang;
  if (served && served !== "en" && LANGUAGES.includes(served)) return served;
  for (const tag of navigator.languages || [navigator.language]) {
    const lang = choose(tag);
    if (lang) return lang;
  }
  return "en";
}

export function remember(lang) {
  localStorage.setItem(STORE, lang);
}

async function fetchCatalogue(lang) {
  const response = await fetch(`/i18n/${lang}.json`);
  return response.ok ? response.json() : {};
}

export async function loadLanguage(lang) {
  current = LANGUAGES.includes(lang) || lang === PSEUDO ? lang : "en";
  [messages, fallback] = await Promise.all([
    fetchCatalogue(current),
    current === "en" ? Promise.resolve(null) : fetchCatalogue("en"),
  ]);
  if (fallback === null) fallback = messages;
  document.documentElement.lang = current === PSEUDO ? "en" : current;
  document.documentElement.dir = RTL.has(current.split("-")[0]) ? "rtl" : "ltr";
}

// Whether the loaded catalogue (or English, its fallback) has a text for `key`.
export function has(key) {
  return key in messages || key in fallback;
}

export function t(key, params = {}, names = null) {
  const text = messages[key] ?? fallback[key] ?? key;
  return format(text, params, (v) => value(v, names));
}

// A refusal (a `reject` or an error frame) in the reader's language: one a person meets in play
// comes as its own message (refusal.<…>, a seat typed, so it reads as people count it) and is
// said from the catalogue in every language; otherwise English keeps the server's own
// explanation (`english`, it names the rule's detail), another language gets the catalogue's
// reject.<code> with the cited rule, or the English when the code is unknown.
export function refusal(reject, english) {
  if (String(reject.key || "").startsWith("refusal.") && has(reject.key)) return t(reject.key, reject.params);
  const key = `reject.${reject.code}`;
  if (current === "en" || !reject.code || !has(key)) return english;
  return t(key, reject.params || { rule: "none" });
}

// A narrated message ({key, params}, e.g. an event's `say`); `names(seat)` names a seat.
export function render(message, names) {
  return t(message.key, message.params || {}, names);
}

// The number a person reads for a seat: people count seats from 1; the wire, the log and the
// action notation count from 0 (cardroom.i18n.seat_number on the Python side).
export function seatNumber(seat) {
  return Number(seat) + 1;
}

// A game's name as players of the page's language write it (game.<name>; else the server's).
export function gameTitle(name, fallback) {
  const key = `game.${name}`;
  const text = t(key);
  return text === key ? fallback || name : text;
}

// A number as the reader's language writes it, thousands grouped: 1,000, 1.000 (Python's
// cardroom.i18n.icu.format_number writes the same). Every number a person reads goes through it.
export function number(n) {
  return new Intl.NumberFormat(locale()).format(n);
}

// A number with one decimal in the reader's format: 41.8, 41,8, 1,250.5.
export function decimal(n) {
  return new Intl.NumberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
}

// A percentage (0-100) with one decimal, written as the reader's language writes it: 52.5%,
// 52,5 %, 52,5%.
export function percent(n) {
  const style = { style: "percent", useGrouping: false, minimumFractionDigits: 1, maximumFractionDigits: 1 };
  return new Intl.NumberFormat(locale(), style).format(Number(n) / 100);
}

export function list(items) {
  return items.length ? new Intl.ListFormat(locale(), { style: "long", type: "conjunction" }).format(items) : "";
}

// A text with an aside in brackets, as the language writes one: "Di wins (last trick)",
// "Diの勝ち（最後のトリック）"; aside("", note) is the bracket alone, to follow an element.
export function aside(text, note) {
  return note ? t("common.aside", { text, aside: note }) : text;
}

// Items side by side ("a, b" / "a、b"): the catalogue's separator, no "and".
export function items(parts) {
  return parts.join(t("common.list_sep"));
}

export function date(value) {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value || "");
  return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeStyle: "short" }).format(d);
}

// A calendar day ("2026-12-07", no time of day) in the reader's format: read and written in
// UTC, so no time zone moves it to the day before or after.
export function day(value) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value ?? ""));
  if (!m) return String(value ?? "");
  const utc = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeZone: "UTC" }).format(utc);
}

function value(v, names) {
  if (typeof v === "number") return number(v);
  if (v && typeof v === "object") {
    const name = (s) => (names ? names(s) : t("seat.n", { n: seatNumber(s) }));
    if ("seat" in v) return name(v.seat);
    if ("seats" in v) return list(v.seats.map(name));
    if ("cards" in v) return v.cards.map((c) => cardText(v.game, c)).join(" ");
    if ("msg" in v) return t(v.msg.key, v.msg.params || {}, names);
  }
  return String(v ?? "");
}

// ---- the ICU subset (mirrors cardroom/i18n/icu.py) --------------------------------------------

function close(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces in ${text}`);
}

function options(body) {
  const out = {};
  let i = 0;
  while (i < body.length) {
    if (/\s/.test(body[i])) {
      i++;
      continue;
    }
    const brace = body.indexOf("{", i);
    const end = close(body, brace);
    out[body.slice(i, brace).trim()] = body.slice(brace + 1, end);
    i = end + 1;
  }
  return out;
}

function format(text, params, value, hash = null) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "{") {
      const end = close(text, i);
      out += argument(text.slice(i + 1, end), params, value, text.slice(i, end + 1));
      i = end + 1;
      continue;
    }
    out += ch === "#" && hash !== null ? hash : ch;
    i++;
  }
  return out;
}

function argument(inner, params, value, whole) {
  const comma = inner.indexOf(",");
  const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
  if (!(name in params)) return whole;
  const arg = params[name];
  if (comma < 0) return value(arg);
  const rest = inner.slice(comma + 1);
  const comma2 = rest.indexOf(",");
  const kind = rest.slice(0, comma2).trim();
  const opts = options(rest.slice(comma2 + 1));
  if (kind === "select") return format(opts[String(arg)] ?? opts.other ?? "", params, value);
  const exact = opts[`=${arg}`];
  const rules = new Intl.PluralRules(locale(), { type: kind === "selectordinal" ? "ordinal" : "cardinal" });
  const branch = exact ?? opts[rules.select(arg)] ?? opts.other ?? "";
  return format(branch, params, value, number(arg));
}
