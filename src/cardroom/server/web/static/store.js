// A small store for the table page: one state object, changed only through update(), and the
// components that subscribe re-render once per animation frame however many updates came in
// (a burst of socket events renders once). The game modules read the same state as `view`.
import { useEffect, useState } from "./ui.js";

export function createStore(state) {
  const listeners = new Set();
  let queued = false;
  const flush = () => {
    queued = false;
    for (const listener of [...listeners]) listener();
  };
  const store = {
    state,
    // Change the state (fn mutates it, or a patch object is merged) and schedule a render.
    update(change) {
      if (typeof change === "function") change(state);
      else if (change) Object.assign(state, change);
      if (!queued) {
        queued = true;
        queueMicrotask(flush);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

// Re-render the calling component on every store update.
export function useStore(store) {
  const [, setTick] = useState(0);
  useEffect(() => store.subscribe(() => setTick((n) => n + 1)), [store]);
  return store.state;
}
