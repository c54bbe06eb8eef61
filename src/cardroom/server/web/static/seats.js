// Per-seat buttons and what they do (README "Ownership, invites and guest seats"): anyone may sit
// in an empty seat (a private table or a running game needs the invite, the server says so
// otherwise); a bot's seat can be taken over with the invite; only the owner adds, changes and
// removes bots and frees (kicks) a human's seat.
import { sittingName } from "./account.js";
import * as api from "./api.js";
import { friendly } from "./api.js";
import { seatNumber, t } from "./i18n.js";
import { levelHint, levelName } from "./levels.js";
import { h } from "./ui.js";

export function seatControls(view, seat, info) {
  const obs = view.obs;
  const over = !!(obs && obs.terminal);
  const owner = api.isOwner(view.id);
  const invited = owner || api.hasInvite(view.id);
  const watching = view.mySeat === null || view.mySeat === undefined;
  const hotSeat = !!(view.meta && view.meta.hot_seat);
  const isPrivate = !!(view.meta && (view.meta.private || view.meta.visibility === "private"));
  const running = !!(view.meta && view.meta.status && view.meta.status !== "open");
  const started = running || !!obs;
  const out = [];
  if (over) return out;
  if (info.kind === "empty") {
    // a private table (or a running game) takes only the invited: no "Sit here" for strangers
    if ((watching || hotSeat) && (invited || !(isPrivate || running))) {
      out.push(h("button", { "data-testid": `sit-${seat}`, onclick: () => sit(view, seat) }, t("table.sit")));
    }
    if (owner) {
      out.push(h("button", { "data-testid": `add-bot-${seat}`, class: "secondary", onclick: () => bot(view, seat, view.botLevel) }, t("table.add_bot")));
    }
  } else if (info.kind === "bot") {
    if ((watching || hotSeat) && invited) {
      out.push(h("button", { "data-testid": `take-${seat}`, class: "small", onclick: () => sit(view, seat) }, t("table.take_over")));
    }
    if (owner) {
      out.push(
        h(
          "select",
          {
            class: "small",
            "data-testid": `seat-level-${seat}`,
            "aria-label": t("table.bot_level_of", { seat: seatNumber(seat) }),
            onchange: (e) => bot(view, seat, e.target.value),
          },
          view.levels.map((l) => h("option", { value: l, selected: l === info.level, title: levelHint(l) }, levelName(l))),
        ),
      );
      if (!started || (view.meta && view.meta.status === "open")) {
        out.push(h("button", { "data-testid": `remove-bot-${seat}`, class: "small secondary", onclick: () => free(view, seat, "bot") }, t("table.remove")));
      }
    }
  } else if (info.kind === "human" && owner && seat !== view.mySeat) {
    out.push(h("button", { "data-testid": `kick-${seat}`, class: "small secondary", title: t("table.kick.title"), onclick: () => free(view, seat, "kick") }, t("table.kick")));
  }
  return out;
}

async function free(view, seat, what) {
  try {
    await api.freeSeat(view.id, seat);
    await refreshSeats(view);
    view.say(null);
  } catch (err) {
    view.say(t(what === "kick" ? "table.error.free" : "table.error.empty", { seat: seatNumber(seat), reason: friendly(err.message) }));
  }
}

export async function refreshSeats(view) {
  const meta = await api.getTable(view.id);
  view.update((s) => {
    s.meta = meta;
    if (Array.isArray(meta.seats)) s.seats = meta.seats;
  });
}

// A signed-in player sits under its account's name (the server uses it), a guest under the
// name typed at the top of the page.
export async function sit(view, seat) {
  const name = sittingName(view.playerName);
  if (!name) {
    view.say(t("table.error.name_first"));
    return;
  }
  try {
    const res = await api.takeSeat(view.id, seat, name);
    api.saveSeat(view.id, res.seat, res.token, name);
    view.update((s) => {
      s.token = res.token;
      s.mySeat = res.seat;
    });
    view.say(null);
    view.connect();
  } catch (err) {
    view.say(t("table.error.sit", { seat: seatNumber(seat), reason: friendly(err.message) }));
  }
}

export async function leave(view) {
  try {
    await api.leaveSeat(view.id, view.mySeat, view.token);
  } catch (err) {
    view.say(t("table.error.leave", { reason: friendly(err.message) }));
    return;
  }
  api.forgetSeat(view.id);
  view.update((s) => {
    s.token = null;
    s.mySeat = null;
  });
  view.say(t("table.left"), "info");
  view.connect();
}

async function bot(view, seat, level) {
  try {
    await api.addBot(view.id, seat, level);
    await refreshSeats(view);
    view.say(null);
  } catch (err) {
    view.say(t("table.error.bot", { seat: seatNumber(seat), reason: friendly(err.message) }));
  }
}
