// numpy arrays and scalars out of pickles, and screenshots stored as arrays turned into PNGs.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { NUMPY_GLOBALS } from "@/lib/imports/pickle/known-globals";
import { ndarrayToPng } from "@/lib/imports/pickle/ndarray-png";
import { readPickle } from "@/lib/imports/pickle/read-pickle";
import { PickleNdarray, type PickleValue } from "@/lib/imports/pickle/pickle-values";
import { hasNumpy, hasPython, pythonPickle } from "./python-pickles";

if (!hasPython) console.log("pickle ndarray tests skipped: python3 is not on this machine");
if (hasPython && !hasNumpy) console.log("pickle ndarray: numpy is not installed, so the synthetic numpy is not compared with the real one");

const [HEIGHT, WIDTH, CHANNELS] = [4, 3, 3];
// Pixel (y, x, c) = (y * 64 + x * 16 + c * 5) % 256: every byte distinct, so a transposition shows.
const PIXELS = "bytes((y * 64 + x * 16 + c * 5) % 256 for y in range(4) for x in range(3) for c in range(3))";
const PIXELS_FORTRAN = "bytes((y * 64 + x * 16 + c * 5) % 256 for c in range(3) for x in range(3) for y in range(4))";
const expectedPixels = Buffer.from(
  Array.from({ length: HEIGHT * WIDTH * CHANNELS }, (_, i) => {
    const [y, x, c] = [Math.floor(i / (WIDTH * CHANNELS)), Math.floor(i / CHANNELS) % WIDTH, i % CHANNELS];
    return (y * 64 + x * 16 + c * 5) % 256;
  }),
);

function readArray(bytes: Buffer): PickleNdarray {
  const value = readPickle("trajectory.pkl", bytes, { allow: NUMPY_GLOBALS });
  expect(value).toBeInstanceOf(PickleNdarray);
  return value as PickleNdarray;
}

async function decodePng(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

describe.runIf(hasPython)("numpy arrays in pickles", () => {
  it.each([2, 3, 4, 5])("reads a 4x3x3 uint8 screenshot (protocol %i) and writes a PNG sharp reads back pixel for pixel", async (protocol) => {
    const array = readArray(pythonPickle(`FakeArray((4, 3, 3), "uint8", ${PIXELS})`, { protocol, fakeNumpy: true }));
    expect(array).toMatchObject({ kind: "ndarray", shape: [4, 3, 3], dtype: "uint8", itemSize: 1, order: "C" });
    expect(Buffer.from(array.data)).toEqual(expectedPixels);
    const png = await ndarrayToPng("trajectory.pkl", array);
    expect(await decodePng(png)).toEqual({ data: expectedPixels, width: WIDTH, height: HEIGHT, channels: CHANNELS });
  });

  it.each([2, 5])("writes a Fortran-order array (protocol %i) as the same image", async (protocol) => {
    const array = readArray(pythonPickle(`FakeArray((4, 3, 3), "uint8", ${PIXELS_FORTRAN}, fortran=True)`, { protocol, fakeNumpy: true }));
    expect(array.order).toBe("F");
    expect((await decodePng(await ndarrayToPng("trajectory.pkl", array))).data).toEqual(expectedPixels);
  });

  it("reads an RGBA screenshot inside a trajectory step", async () => {
    const step = `{"goal": "g", "episode_data": [{"screenshot": FakeArray((2, 2, 4), "uint8", bytes(range(16))), "action": "tap"}]}`;
    const value = readPickle("trajectory.pkl", pythonPickle(step, { fakeNumpy: true }), { allow: NUMPY_GLOBALS }) as Record<string, PickleValue>;
    const screenshot = (value.episode_data as Record<string, PickleValue>[])[0]!.screenshot as PickleNdarray;
    const decoded = await decodePng(await ndarrayToPng("trajectory.pkl", screenshot));
    expect(decoded).toEqual({ data: Buffer.from(Array.from({ length: 16 }, (_, i) => i)), width: 2, height: 2, channels: 4 });
  });

  it("reads numpy scalars inside dicts as numbers and booleans", () => {
    const expression = `{"reward": FakeScalar("float64", "<d", 1.5), "step": FakeScalar("int64", "<q", -3), "done": FakeScalar("bool", "?", True), "big": FakeScalar("int64", "<q", 2**62)}`;
    for (const protocol of [2, 4]) {
      const value = readPickle("scores.pkl", pythonPickle(expression, { protocol, fakeNumpy: true }), { allow: NUMPY_GLOBALS });
      expect(value).toEqual({ reward: 1.5, step: -3, done: true, big: 2n ** 62n });
    }
  });

  it("refuses numpy's classes unless the caller allows them, naming the class", () => {
    expect(() => readPickle("t.pkl", pythonPickle(`FakeArray((1,), "uint8", b"x")`, { protocol: 4, fakeNumpy: true }))).toThrow(
      /^t\.pkl: pickle names class `numpy\._core\.multiarray\._reconstruct` at byte \d+, which Verity does not read$/,
    );
    expect(() => readPickle("t.pkl", pythonPickle(`FakeArray((1,), "uint8", b"x")`, { protocol: 5, fakeNumpy: true }))).toThrow(
      /^t\.pkl: pickle names class `numpy\._core\.numeric\._frombuffer` at byte \d+/,
    );
  });

  it("refuses an array whose data does not fill its shape, and a dtype it does not read", () => {
    const short = pythonPickle(`FakeArray((4, 3, 3), "uint8", bytes(35))`, { protocol: 4, fakeNumpy: true });
    expect(() => readPickle("t.pkl", short, { allow: NUMPY_GLOBALS })).toThrow(/^t\.pkl: pickle has a numpy array at byte \d+ with 35 bytes of data where its shape \(4, 3, 3\) of uint8 needs 36$/);
    const complex = pythonPickle(`FakeArray((1,), "complex128", bytes(16))`, { protocol: 4, fakeNumpy: true, setup: `DTYPES["complex128"] = dtype("c16", "<")` });
    expect(() => readPickle("t.pkl", complex, { allow: NUMPY_GLOBALS })).toThrow(/^t\.pkl: pickle has a numpy array of dtype 'c16' at byte \d+, which Verity does not read/);
  });

  it("refuses to make a PNG of an array that is not an image", async () => {
    const array = readArray(pythonPickle(`FakeArray((2,), "float64", bytes(16))`, { fakeNumpy: true }));
    await expect(ndarrayToPng("t.pkl", array)).rejects.toThrow("t.pkl: holds an array of shape (2) of float64, which is not an image (height x width x 3 or 4 of uint8)");
  });
});

describe.runIf(hasNumpy)("the synthetic numpy writes what numpy writes", () => {
  it.each([2, 3, 4, 5])("byte for byte, for a uint8 image and float scalars (protocol %i)", (protocol) => {
    const expression = `[ARRAY, {"reward": SCALAR}]`;
    const fake = pythonPickle(expression, { protocol, fakeNumpy: true, setup: `ARRAY = FakeArray((4, 3, 3), "uint8", ${PIXELS})\nSCALAR = FakeScalar("float64", "<d", 0.25)` });
    const real = pythonPickle(expression, {
      protocol,
      setup: `import numpy\nARRAY = numpy.frombuffer(${PIXELS}, dtype=numpy.uint8).reshape(4, 3, 3).copy()\nSCALAR = numpy.float64(0.25)`,
    });
    expect(real.toString("hex")).toBe(fake.toString("hex"));
  });

  it("reads numpy's own pickle of a Fortran-order array", async () => {
    const setup = `import numpy\nARRAY = numpy.asfortranarray(numpy.frombuffer(${PIXELS}, dtype=numpy.uint8).reshape(4, 3, 3))`;
    for (const protocol of [2, 5]) {
      const array = readArray(pythonPickle("ARRAY", { protocol, setup }));
      expect((await decodePng(await ndarrayToPng("t.pkl", array))).data).toEqual(expectedPixels);
    }
  });
});
