// One WebRTC peer connection carrying one data channel: the pipe of a live game. It knows nothing of
// games: it makes an offer or an answer as SDP text with every candidate in it (no trickle: the whole
// description travels once, in a link), opens the channel, passes texts both ways and says how the
// connection stands. By default it names no ICE server: the browsers then find each other on one
// network only. A STUN server (live-stun.js, off until the player turns it on) lets them find their
// public addresses too.

/** The data channel's label (both sides must agree: the answering side takes whatever it is offered). */
const LABEL = 'chessfront';

/** How long candidates are gathered at most (a STUN server that does not answer would hold it longer). */
const GATHER_MS = 8000;

export class Peer {
  /**
   * @param {{ stun?: string|null, onMessage: (text: string) => void, onState: (state: string) => void }} options
   *   `onState` hears 'connecting', 'open' and 'closed' (the channel closed, or the connection failed).
   */
  constructor({ stun = null, onMessage, onState }) {
    this.onMessage = onMessage;
    this.onState = onState;
    this.state = 'new';
    this.channel = null;
    this.pc = new RTCPeerConnection({ iceServers: stun ? [{ urls: stun }] : [] });
    this.pc.addEventListener('connectionstatechange', () => {
      const s = this.pc.connectionState;
      if (s === 'failed' || s === 'closed') this.setState('closed');
    });
    this.pc.addEventListener('datachannel', (e) => this.useChannel(e.channel));
  }

  setState(state) {
    if (this.state === state || this.state === 'closed') return;
    this.state = state;
    this.onState(state);
  }

  useChannel(channel) {
    this.channel = channel;
    channel.addEventListener('open', () => this.setState('open'));
    channel.addEventListener('close', () => this.setState('closed'));
    channel.addEventListener('message', (e) => {
      if (typeof e.data === 'string') this.onMessage(e.data);
    });
    if (channel.readyState === 'open') this.setState('open');
  }

  /** The inviting side: an offer with every candidate, as SDP text. */
  async offer() {
    this.useChannel(this.pc.createDataChannel(LABEL));
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.gathered();
  }

  /** The invited side: the answer to `offerSdp`, with every candidate, as SDP text. */
  async answer(offerSdp) {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    return this.gathered();
  }

  /** The inviting side again: the friend's answer; the channel opens when the browsers reach each other. */
  async accept(answerSdp) {
    this.setState('connecting');
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
  }

  /** The local description once candidate gathering is complete (or after GATHER_MS, with what came). */
  async gathered() {
    const pc = this.pc;
    if (pc.iceGatheringState !== 'complete') {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, GATHER_MS);
        pc.addEventListener('icegatheringstatechange', () => {
          if (pc.iceGatheringState === 'complete') {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    }
    return pc.localDescription.sdp;
  }

  /** Sends `text`; false when the channel is not open (nothing is queued: the game's link is the record). */
  send(text) {
    if (this.channel?.readyState !== 'open') return false;
    try {
      this.channel.send(text);
      return true;
    } catch {
      return false;
    }
  }

  close() {
    this.setState('closed');
    try {
      this.channel?.close();
      this.pc.close();
    } catch {
      // Already closed.
    }
  }
}
