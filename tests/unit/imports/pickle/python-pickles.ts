// Real pickles for the reader's tests, written by this machine's python3 with the standard
// library alone. numpy may not be installed, so arrays come from a synthetic `numpy` module
// (FAKE_NUMPY) whose classes reduce exactly as numpy's C code does (see the header of
// lib/imports/pickle/numpy-values.ts for the lines): `_reconstruct(ndarray, (0,), b'b')` + BUILD
// `(1, shape, dtype, is_fortran, data)`, `dtype(code, False, True)` + BUILD
// `(3, byteorder, None, None, None, -1, -1, 0)`, `scalar(dtype, data)`, and from protocol 5
// `_frombuffer(PickleBuffer, dtype, shape, order)`. Where numpy is installed, ndarray.test.ts
// checks that the two write the same bytes. Nothing here is ever unpickled by Python.
import { spawnSync } from "node:child_process";

/** Python 3.8+'s highest protocol, the tests' default. */
const DEFAULT_PROTOCOL = 5;

// The interpreter itself, resolved once: a version manager's `python3` shim costs a shell per call.
const found = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" });
const PYTHON = found.status === 0 ? found.stdout.trim() : null;

export const hasPython = PYTHON !== null;

export function pythonExecutable(): string {
  if (PYTHON === null) throw new Error("python3 is not on this machine");
  return PYTHON;
}
export const hasNumpy = PYTHON !== null && spawnSync(PYTHON, ["-c", "import numpy"]).status === 0;

export const FAKE_NUMPY = String.raw`
import sys, types, pickle, struct

def _module(name, **attrs):
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules[name] = module
    return module

def _never(*args):
    raise RuntimeError("a synthetic numpy function is never called")

class ndarray:
    pass

class dtype:
    def __init__(self, code, byteorder):
        self.code, self.byteorder = code, byteorder
    def __reduce__(self):
        return (dtype, (self.code, False, True), (3, self.byteorder, None, None, None, -1, -1, 0))

def _named(function, module, name):
    function.__module__, function.__name__, function.__qualname__ = module, name, name
    return function

_reconstruct = _named(lambda *a: _never(), "numpy._core.multiarray", "_reconstruct")
scalar = _named(lambda *a: _never(), "numpy._core.multiarray", "scalar")
_frombuffer = _named(lambda *a: _never(), "numpy._core.numeric", "_frombuffer")
ndarray.__module__ = dtype.__module__ = "numpy"
_module("numpy", ndarray=ndarray, dtype=dtype)
_module("numpy._core")
_module("numpy._core.multiarray", _reconstruct=_reconstruct, scalar=scalar)
_module("numpy._core.numeric", _frombuffer=_frombuffer)

DTYPES = {"uint8": dtype("u1", "|"), "float64": dtype("f8", "<"), "int64": dtype("i8", "<"), "bool": dtype("b1", "|")}

class FakeArray:
    """What numpy.ndarray.__reduce_ex__ returns for a contiguous array (methods.c)."""
    def __init__(self, shape, dtype_name, data, fortran=False):
        self.shape, self.dtype, self.data, self.fortran = tuple(shape), DTYPES[dtype_name], bytes(data), fortran
    def __reduce_ex__(self, protocol):
        if protocol >= 5:
            return (_frombuffer, (pickle.PickleBuffer(bytearray(self.data)), self.dtype, self.shape, "F" if self.fortran else "C"))
        return (_reconstruct, (ndarray, (0,), b"b"), (1, self.shape, self.dtype, self.fortran, self.data))

class FakeScalar:
    def __init__(self, dtype_name, fmt, value):
        self.dtype, self.data = DTYPES[dtype_name], struct.pack(fmt, value)
    def __reduce__(self):
        return (scalar, (self.dtype, self.data))
`;

/** The bytes of `pickle.dumps(<expression>, protocol)`; `setup` runs first (FAKE_NUMPY with `fakeNumpy`). */
export function pythonPickle(expression: string, options: { protocol?: number; setup?: string; fakeNumpy?: boolean } = {}): Buffer {
  const script = [
    "import pickle, sys",
    options.fakeNumpy ? FAKE_NUMPY : "",
    options.setup ?? "",
    `sys.stdout.buffer.write(pickle.dumps(${expression}, protocol=${options.protocol ?? DEFAULT_PROTOCOL}))`,
  ].join("\n");
  // -I: no user site-packages and no PYTHON* settings, only the standard library (and numpy
  // where a test imports it).
  if (PYTHON === null) throw new Error("python3 is not on this machine");
  const run = spawnSync(PYTHON, ["-I", "-c", script], { maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr.toString()}`);
  return run.stdout;
}
