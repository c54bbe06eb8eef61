// Short synthesised sounds (nothing is fetched): your turn, a call, a bomb, a trick you won.
// Off unless the player switched them on (the header's "sounds" box, kept in localStorage).

const TONES = {
  turn: [[880, 0.25]],
  call: [[660, 0.12], [990, 0.2]],
  bomb: [[140, 0.35], [90, 0.35]],
  trick: [[520, 0.12]],
};

let audio = null;

export function sound(state, kind) {
  if (!state.sounds || !TONES[kind]) return;
  try {
    audio = audio || new AudioContext();
    let at = audio.currentTime;
    for (const [freq, length] of TONES[kind]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + length);
      at += length * 0.8;
    }
  } catch {
    // no audio device: the title and the live region still say it
  }
}
