// Live play: two browsers (or a hub and three others in a four-player game) play over WebRTC data
// channels, with no server. This module is loaded only when a live game needs it (www/live-hook.js,
// bundled apart by the build). It holds no game policy: it makes the connections (live-peer.js), hands
// their SDP texts to the session and shows the links the session makes of them (live-dialog.js),
// forwards every message the session asks to send, gives the session every message received and the
// connection's events with the time, and draws what the session's live state says (live-clocks.js,
// live-bar.js). Every refusal is the session's, shown as its message; it changes nothing.
import { Peer } from './live-peer.js';
import { awaitAnswers, handOver } from './live-handoff.js';
import { stunServer } from './live-stun.js';
import { LIVE_STRINGS } from './live-strings.js';
import { LiveDialog } from './live-dialog.js';
import { LiveBar } from './live-bar.js';
import { Clocks } from './live-clocks.js';

/** How often the session is asked whether a clock ran out (besides when a shown clock reaches zero). */
const TICK_MS = 1000;

export function startLive(host) {
  host.addStrings(LIVE_STRINGS);
  return new Live(host);
}

class Live {
  constructor(host) {
    this.host = host;
    this.t = host.t;
    this.session = () => host.app.session;
    // One entry per connection: { role: "offer"|"answer", peer, gameId, seat (the other side's, on the
    // inviting side), phase: "preparing"|"waiting"|"connecting"|"open"|"closed"|"failed", url }.
    this.links = [];
    this.receivingFrom = null; // the connection a message being handled came from (a hub relays to the others)
    this.shown = null; // the connection the dialog shows (the last invitation made, or the answer)
    this.dialog = new LiveDialog(host, {
      make: (control) => this.invite(control),
      paste: (text) => this.paste(text),
      // The game has its live state (and control) from the first invitation on: the session keeps it.
      inviteSeat: (seat) => this.invite(null, seat),
      closed: () => this.redraw(),
    });
    this.bar = new LiveBar(host, {
      takeback: () => this.command((s, now) => s.takebackRequest(now)),
      answerTakeback: (accept) => this.command((s, now) => s.takebackAnswer(accept, now)),
      byLinks: () => this.byLinks(),
      again: () => this.start(),
      acceptRematch: () => this.command((s, now) => s.liveAcceptRematch(now)),
      showInvitation: () => this.showHandshake(),
    });
    this.clocks = new Clocks(() => this.tick(true));
    awaitAnswers((gameId, seat) => this.waitingFor(gameId, seat), (link, answerSdp) => this.accept(link, answerSdp));
    setInterval(() => this.tick(), TICK_MS);
  }

  // ---------------------------------------------------------------------------------------------
  // The session

  /** Runs `fn(session, Date.now())`; shows a refusal (its message and code), applies an update. */
  command(fn) {
    const { value, error } = this.host.call(() => fn(this.session(), Date.now()));
    if (error) this.host.notify(`${error.message} (${error.code})`);
    else this.host.app.hooks.apply(value);
    return !error;
  }

  redraw() {
    this.host.app.hooks.render();
  }

  /** After every update of the session: messages to send, an invitation or an answer opened. */
  update(update) {
    for (const message of update?.send ?? []) this.broadcast(message, null);
    for (const message of update?.relay ?? []) this.broadcast(message, this.receivingFrom);
    if (update?.live?.role === 'answer') this.answerInvitation(update.live);
    else if (update?.live?.role === 'offer') this.answerArrived(update.live);
  }

  broadcast(message, except) {
    for (const link of this.links) if (link !== except && link.phase === 'open') link.peer.send(message);
  }

  /** Draws the live state after each render of the page. */
  render(state) {
    const live = state.session.live;
    const handshake = this.handshakeWords(state);
    this.bar.render(state, handshake);
    this.clocks.render(live);
    if (handshake) document.getElementById('play-live').hidden = true;
  }

  /**
   * Asks the session whether a clock ran out; applies what it says when it says anything. Every second
   * only in the tab that holds the game's connection (another tab showing the game, such as the one an
   * answer link was opened in, would save its copy as often); when a shown clock reaches zero, in any.
   */
  tick(shownZero = false) {
    const state = this.host.app.hooks.currentState();
    const live = state?.session?.live;
    if (!live || live.flagged != null || !live.clocks.some((c) => c.running)) return;
    if (!shownZero && !this.links.some((l) => l.gameId === state.gameId && l.phase === 'open')) return;
    const { value } = this.host.call(() => this.session().liveTick(Date.now()));
    if (value && (value.send?.length || value.notice || value.sound || value.animate)) this.host.app.hooks.apply(value);
  }

  // ---------------------------------------------------------------------------------------------
  // Connections

  newLink(role, gameId, seat) {
    const link = { role, gameId, seat, phase: 'preparing', url: null, peer: null };
    link.peer = new Peer({
      stun: stunServer(),
      onMessage: (text) => this.received(link, text),
      onState: (state) => this.peerState(link, state),
    });
    this.links = this.links.filter((l) => !(l.gameId === gameId && l.seat === seat && l.role === role && l.phase !== 'open'));
    this.links.push(link);
    this.shown = link;
    return link;
  }

  /** The other side's seat to name to the session: the inviting side (a hub) names it. */
  peerSeat(link) {
    return link.role === 'offer' ? link.seat : undefined;
  }

  peerState(link, state) {
    if (state === 'open') {
      link.phase = 'open';
      const others = this.links.filter((l) => l !== link && l.gameId === link.gameId && l.phase !== 'open' && l.phase !== 'closed');
      if (!others.length) this.dialog.close();
      this.host.clearNotice(); // the invitation's or the answer's words are done with
      this.command((s, now) => s.liveConnected(now, this.peerSeat(link)));
      return;
    }
    if (state !== 'closed') return;
    const was = link.phase;
    link.phase = was === 'open' ? 'closed' : 'failed';
    if (was === 'open') this.command((s, now) => s.liveDisconnected(now, this.peerSeat(link)));
    else if (this.dialog.isOpen) this.showHandshake();
  }

  received(link, text) {
    this.receivingFrom = link;
    try {
      const { value, error } = this.host.call(() => this.session().liveReceive(text, Date.now(), this.peerSeat(link)));
      if (error) return this.host.notify(`${error.message} (${error.code})`);
      // The game moved on: an older notice (a takeback answered, an invitation's words) is out of date.
      if (!value?.notice) this.host.clearNotice();
      this.host.app.hooks.apply(value);
    } finally {
      this.receivingFrom = null;
    }
  }

  /** The inviting side's connection that waits for the answer of `gameId`'s `seat`. */
  waitingFor(gameId, seat) {
    return this.links.find((l) => l.role === 'offer' && l.gameId === gameId && l.seat === seat && l.phase === 'waiting');
  }

  // ---------------------------------------------------------------------------------------------
  // The handshake

  /** "Play live" (a new game, or a link game played live again): the time control, then the invitation. */
  start() {
    // A module of one variant has no live play: the tab reloads with every variant, then comes back here.
    const { app, everyVariant } = this.host;
    if (app.session.liveAvailable && !app.session.liveAvailable() && everyVariant('play-live')) return;
    const { value: presets } = this.host.call(() => this.session().liveControls());
    const state = this.host.app.hooks.currentState();
    this.dialog.showSetup({ presets: presets ?? [], keepsControl: Boolean(state?.session?.live) });
  }

  /** Makes the invitation for `seat` (the session's choice when undefined) of the open game. */
  async invite(control, seat) {
    const state = this.host.app.hooks.currentState();
    const link = this.newLink('offer', state.gameId, seat);
    this.showHandshake();
    try {
      const offerSdp = await link.peer.offer();
      const { value, error } = this.host.call(() => this.session().liveInvite(control, offerSdp, Date.now(), seat));
      if (error) throw error;
      Object.assign(link, { gameId: value.gameId, seat: value.seat, phase: 'waiting', url: this.url(value.invitation) });
    } catch (error) {
      this.links = this.links.filter((l) => l !== link);
      link.peer.close();
      this.dialog.close();
      this.host.notify(error.code ? `${error.message} (${error.code})` : this.t('live.failed'));
      return;
    }
    this.showHandshake();
    this.redraw();
  }

  /** In the friend's browser: the invitation opened; its answer is made and shown. */
  async answerInvitation({ offerSdp, gameId }) {
    const link = this.newLink('answer', gameId, undefined);
    this.showHandshake();
    try {
      const answerSdp = await link.peer.answer(offerSdp);
      const { value, error } = this.host.call(() => this.session().liveAnswer(answerSdp, Date.now()));
      if (error) throw error;
      Object.assign(link, { phase: 'waiting', url: this.url(value.answer) });
    } catch (error) {
      link.phase = 'failed';
      link.peer.close();
      this.dialog.close();
      this.host.notify(error.code ? `${error.message} (${error.code})` : this.t('live.failed'));
      return;
    }
    if (link.phase === 'waiting') this.showHandshake();
    this.redraw();
  }

  /** An answer link opened in this tab: taken here if this tab waits for it, else handed to the tab that does. */
  async answerArrived({ answerSdp, gameId, seat }) {
    const link = this.waitingFor(gameId, seat);
    if (link) return this.accept(link, answerSdp);
    const taken = await handOver(gameId, seat, answerSdp);
    this.dialog.showNote(this.t(taken ? 'live.handedOver' : 'live.noTab'));
    document.body.dataset.handedOver = String(taken);
  }

  async accept(link, answerSdp) {
    link.phase = 'connecting';
    this.showHandshake();
    try {
      await link.peer.accept(answerSdp);
    } catch {
      link.phase = 'failed';
      this.showHandshake();
    }
  }

  /** An answer pasted into the dialog. */
  paste(text) {
    const { value, error } = this.host.call(() => this.session().liveReadAnswer(text));
    if (error) return this.dialog.pasteRefused(`${error.message} (${error.code})`);
    const link = this.waitingFor(value.gameId, value.seat);
    if (!link) return this.dialog.pasteRefused(this.t('live.noTab'));
    this.accept(link, value.answerSdp);
  }

  byLinks() {
    for (const link of this.links) link.peer.close();
    this.links = [];
    this.command((s, now) => s.goOnByLinks(now));
  }

  url(fragment) {
    return `${location.origin}${location.pathname}#${fragment}`;
  }

  /** The connections of the open game that are not open yet. */
  pending(state = this.host.app.hooks.currentState()) {
    return this.links.filter((l) => l.gameId === state?.gameId && l.phase !== 'open' && l.phase !== 'closed');
  }

  /** The words of the handshake under way in this tab for the open game, for the bar; null when none. */
  handshakeWords(state) {
    const link = this.pending(state)[0];
    if (!link) return null;
    return { words: this.phaseWords(link, state), waiting: !this.dialog.isOpen };
  }

  phaseWords(link, state) {
    const t = this.t;
    const seatName = state?.seatNames?.[link.seat] ?? '';
    if (link.phase === 'preparing') return t('live.preparing');
    if (link.phase === 'connecting') return t('live.connecting');
    if (link.phase === 'failed') return t('live.failed');
    return link.role === 'offer' ? t('live.waitingAnswer', { seat: seatName }) : t('live.waitingOpen');
  }

  /** The dialog for the open game's handshake: the first pending connection, and seats still to invite. */
  showHandshake() {
    const state = this.host.app.hooks.currentState();
    const pending = this.pending(state);
    const link = pending.includes(this.shown) ? this.shown : pending[0];
    if (!link) return this.dialog.close();
    const invited = new Set(this.links.filter((l) => l.gameId === state.gameId && l.phase !== 'failed').map((l) => l.seat));
    const seats = link.role === 'offer' && link.url
      ? state.seatNames.map((name, seat) => ({ seat, name })).filter(({ seat }) => seat !== state.session.seat && !invited.has(seat))
      : [];
    this.dialog.showHandshake({
      role: link.role,
      url: link.url,
      state: this.phaseWords(link, state),
      failed: link.phase === 'failed',
      seats,
      shareTitle: this.t('live.shareTitle', { variant: state.variantName }),
      seatName: state.seatNames[link.seat] ?? '',
    });
  }
}
