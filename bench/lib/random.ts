// A small seeded PRNG (mulberry32), so datasets and request mixes are the same on every run.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** Index drawn with the given relative weights. */
  weighted(weights: readonly number[]): number;
  /** `count` distinct elements, in the list's order. */
  sample<T>(list: readonly T[], count: number): T[];
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    weighted(weights) {
      let r = next() * weights.reduce((a, b) => a + b, 0);
      for (let i = 0; i < weights.length; i++) if ((r -= weights[i]!) < 0) return i;
      return weights.length - 1;
    },
    sample(list, count) {
      const chosen = new Set<number>();
      while (chosen.size < Math.min(count, list.length)) chosen.add(int(0, list.length - 1));
      return [...chosen].sort((a, b) => a - b).map((i) => list[i]!);
    },
  };
}
