// Named rule sets for the lobby (docs/presets.md says where each comes from): a preset fills the
// game's options; the single options stay under "House rules" for whoever wants to change one.
// A preset names only what it changes from the game's defaults.

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
