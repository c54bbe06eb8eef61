// The account strip above every page: a guest sees "Sign in" (a small form that also signs
// up), a signed-in player its name (a link to its profile), the leaderboard and "Sign out".
// The session is an HttpOnly cookie: the page never sees it, it asks GET /api/session.
import { guestId, refusedText } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

let me = null; // the signed-in name, or null for a guest

export const signedInName = () => me;

// The name a player sits under: a signed-in player's account name (the server seats it under
// that), else the name typed.
export const sittingName = (typed) => me || typed.trim();

const CHANGED = "cardroom:account"; // dispatched on window whenever `me` is learnt or changes

function setMe(name) {
  me = name;
  window.dispatchEvent(new Event(CHANGED));
}

// A page's "your name" field: the server names a signed-in player by its account (the table,
// the daily challenge, an event), so the field shows that name and is not for typing; it
// follows a sign-in or sign-out, and the session learnt after the page was built.
export function accountNameField(input) {
  const guest = input.value;
  const show = () => {
    input.readOnly = !!me;
    input.value = me || guest;
  };
  show();
  window.addEventListener(CHANGED, show);
  return input;
}

async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", "X-Cardroom-Guest": guestId() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(accountRefusal(data, res.statusText));
  return data;
}

// A refused account request in the reader's language (account.error.<code>), else the
// server's own words.
export const accountRefusal = (data, fallback) =>
  refusedText(data, (code) => `account.error.${code}`) || data.error || fallback;

export const signUp = (name, password) => call("POST", "/api/accounts", { name, password });
export const signIn = (name, password) => call("POST", "/api/session", { name, password });
export const signOut = () => call("DELETE", "/api/session");

export async function mountAccount(el, onChange) {
  try {
    setMe((await call("GET", "/api/session")).name);
  } catch {
    setMe(null);
  }
  render(el, onChange);
}

function render(el, onChange) {
  el.setAttribute("aria-label", t("account.label")); // index.html's is English
  const changed = (name) => {
    setMe(name);
    render(el, onChange);
    if (onChange) onChange(me);
  };
  if (me) {
    el.replaceChildren(
      h("a", { href: `/p/${encodeURIComponent(me)}`, "data-testid": "account-name" }, me),
      h("a", { href: "/leaderboard", "data-testid": "leaderboard-link" }, t("players.leaderboard")),
      h("button", {
        class: "small", "data-testid": "sign-out",
        onclick: async () => { await signOut().catch(() => null); changed(null); },
      }, t("account.sign_out")),
    );
    return;
  }
  const name = h("input", { "data-testid": "account-field-name", autocomplete: "username",
                             placeholder: t("account.name"), maxlength: 24 });
  const password = h("input", { "data-testid": "account-field-password", type: "password",
                                autocomplete: "current-password", placeholder: t("account.password") });
  const message = h("span", { class: "account-message", "data-testid": "account-message", role: "status" });
  const submit = (action) => async (e) => {
    e.preventDefault();
    try {
      const res = await action(name.value.trim(), password.value);
      changed(res.name);
    } catch (err) {
      message.textContent = err.message;
    }
  };
  const form = h("form", { class: "account-form", hidden: true, onsubmit: submit(signIn) },
    name, password,
    h("button", { class: "small primary", type: "submit", "data-testid": "sign-in-submit" }, t("account.sign_in")),
    h("button", { class: "small", type: "button", "data-testid": "sign-up-submit", onclick: submit(signUp) },
      t("account.sign_up")),
    message);
  el.replaceChildren(
    h("a", { href: "/leaderboard", "data-testid": "leaderboard-link" }, t("players.leaderboard")),
    h("button", { class: "small", "data-testid": "sign-in", onclick: () => { form.hidden = !form.hidden; name.focus(); } },
      t("account.sign_in_or_up")),
    form,
  );
}
