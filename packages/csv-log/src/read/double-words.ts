// A double's bits: write it to doubleView[0], read its two 32-bit words from doubleWords (the sign,
// exponent and top of the mantissa at HIGH_WORD). One scratch view for the number writer and reader,
// used synchronously only.

export const doubleView = new Float64Array(1);
export const doubleWords = new Uint32Array(doubleView.buffer);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
export const HIGH_WORD = littleEndian ? 1 : 0;
export const LOW_WORD = littleEndian ? 0 : 1;
