/**
 * The Time is Up alarm (product spec §2, §4): a looping beep pattern generated with Web Audio,
 * so no sound file is shipped or fetched. Browsers start audio only after a user gesture, so
 * the page calls `prime()` from the Start Judging tap; without Web Audio the alarm is silent
 * and the red clock and the popup still say time is up.
 */
export interface Alarm {
  /** Creates and unlocks the audio context; call it from a user gesture. */
  prime: () => void;
  /** Starts looping the pattern (no-op while playing). */
  start: () => void;
  stop: () => void;
  isPlaying: () => boolean;
  /** Stops and releases the audio context. */
  dispose: () => void;
}

/** Three short 880 Hz beeps, repeated every 1.5 s: urgent without being a siren. */
const BEEP_HZ = 880;
const BEEP_S = 0.16;
const GAP_S = 0.1;
const BEEPS = 3;
const PERIOD_MS = 1_500;
const VOLUME = 0.25;

type ContextFactory = () => AudioContext | null;

function browserContext(): AudioContext | null {
  const Ctor =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  try {
    return Ctor ? new Ctor() : null;
  } catch {
    return null;
  }
}

export function createAlarm(makeContext: ContextFactory = browserContext): Alarm {
  let context: AudioContext | null = null;
  let loop: ReturnType<typeof setInterval> | null = null;
  let voices: OscillatorNode[] = [];

  const audio = () => (context ??= makeContext());

  const beepBurst = () => {
    const ctx = audio();
    if (!ctx) return;
    const begin = ctx.currentTime + 0.02;
    for (let i = 0; i < BEEPS; i++) {
      const at = begin + i * (BEEP_S + GAP_S);
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'square';
      osc.frequency.setValueAtTime(BEEP_HZ, at);
      // A short ramp in and out avoids clicks at the start and end of each beep.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
      gain.gain.setValueAtTime(VOLUME, at + BEEP_S - 0.02);
      gain.gain.linearRampToValueAtTime(0, at + BEEP_S);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + BEEP_S);
      osc.onended = () => {
        voices = voices.filter((v) => v !== osc);
      };
      voices.push(osc);
    }
  };

  const stop = () => {
    if (loop !== null) clearInterval(loop);
    loop = null;
    for (const voice of voices) {
      try {
        voice.stop();
      } catch {
        // already stopped
      }
    }
    voices = [];
  };

  return {
    prime: () =>
      void audio()
        ?.resume()
        .catch(() => undefined),
    start: () => {
      if (loop !== null) return;
      void audio()
        ?.resume()
        .catch(() => undefined);
      beepBurst();
      loop = setInterval(beepBurst, PERIOD_MS);
    },
    stop,
    isPlaying: () => loop !== null,
    dispose: () => {
      stop();
      void context?.close().catch(() => undefined);
      context = null;
    },
  };
}
