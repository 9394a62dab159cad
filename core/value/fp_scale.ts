/**
 * The fixed-point machinery SQLite's printf uses to find a double's decimal digits
 * (sqlite3FpDecode): the 64-bit normalised mantissa, and 64-bit truncations of powers of
 * ten. Shared by REAL→text (`real_to_text.ts`) and printf (`fp_decode.ts`).
 */

/** floor(log10(2^q)) for the exponents that occur, via SQLite's fixed-point ratio. */
export function floorLog10Pow2(q: number): number {
  return (q * 78913) >> 18;
}

/** floor(log2(10^p)) for the exponents that occur, via SQLite's fixed-point ratio. */
export function floorLog2Pow10(p: number): number {
  return (p * 108853) >> 15;
}

/** Cache of the 64-bit truncated powers of ten, indexed by p + POW10_BIAS. */
const POW10_BIAS = 400;
const pow10Cache: (bigint | undefined)[] = [];

/** The top 64 bits of 10^p, truncated: floor(10^p · 2^(63 - floorLog2Pow10(p))). */
export function pow10Top64(p: number): bigint {
  const cached = pow10Cache[p + POW10_BIAS];
  if (cached !== undefined) return cached;
  const shift = 63 - floorLog2Pow10(p);
  let top: bigint;
  if (p >= 0) {
    const exact = 10n ** BigInt(p);
    top = shift >= 0 ? exact << BigInt(shift) : exact >> BigInt(-shift);
  } else {
    top = (1n << BigInt(shift)) / 10n ** BigInt(-p);
  }
  pow10Cache[p + POW10_BIAS] = top;
  return top;
}

/** A positive finite double as `mant·2^e2`, `mant` a 64-bit integer with bit 63 set. */
export interface Mantissa {
  mant: bigint;
  e2: number;
}

/**
 * Scratch space for reading the bits of a double, or its bytes (the Wasm emitter's f64
 * writer shares it; neither use outlives the call that fills it).
 */
export const bitsView = new DataView(new ArrayBuffer(8));

/** Writes positive finite `r` as `out.mant · 2^out.e2` (bit 63 of `mant` set). */
export function normalizedMantissa(r: number, out: Mantissa): void {
  bitsView.setFloat64(0, r);
  const hi = bitsView.getUint32(0);
  const lo = bitsView.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  if (biased === 0) {
    // Subnormal: normalise so that bit 63 of the mantissa is set.
    const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    const leadingZeros = 64 - frac.toString(2).length;
    out.mant = frac << BigInt(leadingZeros);
    out.e2 = -1074 - leadingZeros;
  } else {
    out.mant = (BigInt((hi & 0xfffff) | 0x100000) << 43n) | (BigInt(lo) << 11n);
    out.e2 = biased - 1086;
  }
}
