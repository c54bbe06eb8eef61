// Named rule sets for the lobby (docs/presets.md says where each comes from): a preset fills the
// game's options; the single options stay under "House rules" for whoever wants to change one.
// A preset names only what it changes from the game's defaults.
import { t } from "./i18n.js";

export const PRESETS = {
  tichu: [
    { id: "faq", options: {} },
    { id: "bsw", options: {} },
    { id: "bga", options: {} },
    { id: "tichu_one", options: {} },
    {
      id: "tournament",
      options: { allow_grand: false, double_victory_points: 100, dragon_last_trick_exempt: true, tie_is_draw: true },
    },
  ],
  toepen: [{ id: "standard", options: {} }],
};

// The options a preset sets on top of the game's defaults.
export function presetOptions(game, id, defaults) {
  const preset = (PRESETS[game] || []).find((p) => p.id === id);
  return { ...(defaults || {}), ...((preset && preset.options) || {}) };
}

// The turn clocks an owner may choose, [seconds a move, time bank] (server/table/clock.py
// `chosen_clock` is the authority: 10..600 s a move, a bank of 0..1800 s, or none at a private or
// hot-seat table), and the minimum waits before any bot moves (`chosen_pace`: 0..3 s; null
// leaves the server's own bot delay).
export const NO_CLOCK = "0+0";
export const PUBLIC_CLOCK = "30+60"; // the server's default for public tables (--clock-move/-bank)
export const CLOCKS = [NO_CLOCK, "15+30", PUBLIC_CLOCK, "60+120", "120+300"];
export const PACES = [null, 0, 1, 2, 3];

export function parseClock(value) {
  const [move, bank] = value.split("+").map(Number);
  return { move, bank };
}

// "30 s + 60 s", or "Off" for a table without a clock.
export function clockText(clock) {
  return clock && clock.move > 0 ? t("lobby.clock.choice", clock) : t("lobby.clock.off");
}

export function paceText(seconds) {
  if (seconds === null) return t("lobby.pace.normal");
  return seconds === 0 ? t("lobby.pace.none") : t("lobby.pace.seconds", { seconds });
}
