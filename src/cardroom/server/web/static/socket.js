// The table websocket (docs/contracts.md §4): hello/welcome, versioned `ev` envelopes with
// catch-up on reconnect (`since`), acks and rejects matched by id (an ack, like a clock, may
// ride in the `ev` it follows).

export const WS_PATH = "/ws";

// The latest `at` of chat lines (ISO stamps of one format compare as text).
function newest(lines, at) {
  return lines.reduce((best, line) => (line && typeof line.at === "string" && line.at > best ? line.at : best), at);
}

export class TableSocket {
  // handlers: {onWelcome(seat, msg), onState(obs, v), onEvents(events, v),
  //            onSeats(seats, mySeat), onReject(msg), onStatus(text), onChat(line), onPause(s),
  //            onReady(seats), onUnseated(msg)}
  // invite: a private table's invite secret (without it, or a seat's token, it is "no table")
  constructor(table, token, handlers, invite = null) {
    this.table = table;
    this.token = token;
    this.invite = invite;
    this.h = handlers;
    this.v = null;
    this.chatAt = ""; // the stamp of the newest chat line seen ("": none yet)
    this.nextId = 1;
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.pending = new Map();
  }

  // The table's id in the URL lets a cluster's nginx send the socket straight to the node that
  // owns the table (a plain /ws works too, one relay hop away).
  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}${WS_PATH}?table=${encodeURIComponent(this.table)}`;
  }

  open() {
    this.closed = false;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.h.onStatus("connected");
      // back from a drop (`since`): the chat said meanwhile comes too (`chat_after`, the newest
      // line's stamp; left out of a first hello, whose welcome brings the chat)
      const chatAfter = this.v === null ? undefined : this.chatAt;
      this.send({ t: "hello", table: this.table, token: this.token, since: this.v, invite: this.invite, chat_after: chatAfter });
    };
    ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    ws.onclose = () => {
      for (const id of [...this.pending.keys()]) {
        this.settle(id, { code: "offline", msg: "the connection was lost before an answer" });
      }
      if (this.ws !== ws || this.closed) return;
      this.h.onStatus("reconnecting…");
      const delay = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => !this.closed && this.ws === ws && this.open(), delay);
    };
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  // Send an action; resolves to null on ack or to the reject message.
  act(text) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      if (!this.send({ t: "act", a: text, id, v: this.v })) {
        this.pending.delete(id);
        resolve({ code: "offline", msg: "not connected to the table" });
      }
    });
  }

  settle(id, value) {
    const resolve = this.pending.get(id);
    if (resolve) {
      this.pending.delete(id);
      resolve(value);
    }
  }

  receive(msg) {
    switch (msg.t) {
      case "welcome":
        this.v = msg.v;
        this.chatAt = newest(msg.chat || [], "");
        if (msg.seats) this.h.onSeats(msg.seats, msg.seat);
        this.h.onWelcome(msg.seat, msg);
        this.h.onState(msg.obs, msg.v, msg);
        break;
      case "ev":
        if (this.v === null || msg.v > this.v) { // else already seen (catch-up overlap)
          if (this.v !== null && msg.v !== this.v + 1) {
            this.send({ t: "resync" }); // a gap: ask for a full snapshot
          }
          this.v = msg.v;
          this.h.onEvents(msg.events || [], msg.v);
          this.h.onState(msg.obs, msg.v, msg);
        }
        // an ack and a clock the server folded into the envelope, read as if they came next
        if (msg.ack !== undefined && msg.ack !== null) this.settle(msg.ack, null);
        if (msg.clock && this.h.onClock) this.h.onClock(msg.clock);
        break;
      case "seats":
        this.h.onSeats(msg.seats, undefined);
        break;
      case "chat":
        this.chatAt = newest([msg], this.chatAt);
        if (this.h.onChat) this.h.onChat(msg);
        break;
      case "unseated":
        this.token = null; // a reconnect must not present the lost seat's token
        if (this.h.onUnseated) this.h.onUnseated(msg);
        break;
      case "clock":
        if (this.h.onClock) this.h.onClock(msg);
        break;
      case "hold":
        if (this.h.onHold) this.h.onHold(msg);
        break;
      case "ready":
        if (this.h.onReady) this.h.onReady(msg.seats || []);
        break;
      case "pause":
        if (this.h.onPause) this.h.onPause(msg.seconds);
        break;
      case "rematch":
        if (this.h.onRematch) this.h.onRematch(msg);
        break;
      case "ack":
        this.settle(msg.id, null);
        break;
      case "reject":
        if (msg.id !== null && msg.id !== undefined && this.pending.has(msg.id)) {
          this.settle(msg.id, msg);
        } else {
          this.h.onReject(msg);
        }
        break;
      default:
        break;
    }
  }
}
