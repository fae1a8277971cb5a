/*===- MemrefCall.c - call a JIT-compiled function on buffers -----*- C -*-===*\
|*                                                                            *|
|* The Python extension _linalgx_memref_call: one function,                   *|
|* call(address, read_only_mask, *arrays), that calls the C interface of a    *|
|* compiled function (`_mlir_ciface_<name>`) whose arguments are all ranked   *|
|* memrefs and that returns nothing, with one memref descriptor per array     *|
|* built on the stack from the buffer protocol. It stands in for building the *|
|* descriptors with ctypes, which costs a few microseconds an argument: more  *|
|* than a whole small factorization. linalgx.jit.Function.call_arrays uses    *|
|* it where it is built, ctypes otherwise.                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

enum { kMaxArguments = 8, kMaxRank = 8 };

/* MLIR's ranked memref descriptor: allocated and aligned pointers, offset,
   then `rank` sizes and `rank` strides, all 64-bit. */
typedef struct {
  int64_t words[3 + 2 * kMaxRank];
} Descriptor;

typedef void (*Function1)(void *);
typedef void (*Function2)(void *, void *);
typedef void (*Function3)(void *, void *, void *);
typedef void (*Function4)(void *, void *, void *, void *);
typedef void (*Function5)(void *, void *, void *, void *, void *);
typedef void (*Function6)(void *, void *, void *, void *, void *, void *);
typedef void (*Function7)(void *, void *, void *, void *, void *, void *,
                          void *);
typedef void (*Function8)(void *, void *, void *, void *, void *, void *,
                          void *, void *);

static void invoke(void *address, int count, Descriptor *d) {
  switch (count) {
  case 1:
    ((Function1)address)(&d[0]);
    break;
  case 2:
    ((Function2)address)(&d[0], &d[1]);
    break;
  case 3:
    ((Function3)address)(&d[0], &d[1], &d[2]);
    break;
  case 4:
    ((Function4)address)(&d[0], &d[1], &d[2], &d[3]);
    break;
  case 5:
    ((Function5)address)(&d[0], &d[1], &d[2], &d[3], &d[4]);
    break;
  case 6:
    ((Function6)address)(&d[0], &d[1], &d[2], &d[3], &d[4], &d[5]);
    break;
  case 7:
    ((Function7)address)(&d[0], &d[1], &d[2], &d[3], &d[4], &d[5], &d[6]);
    break;
  default:
    ((Function8)address)(&d[0], &d[1], &d[2], &d[3], &d[4], &d[5], &d[6],
                         &d[7]);
    break;
  }
}

/* Fills `descriptor` from a C-contiguous buffer: strides in elements. */
static int describe(const Py_buffer *view, Descriptor *descriptor) {
  if (view->ndim > kMaxRank) {
    PyErr_Format(PyExc_ValueError, "memref rank %d is more than %d", view->ndim,
                 kMaxRank);
    return -1;
  }
  int rank = view->ndim;
  int64_t *words = descriptor->words;
  words[0] = words[1] = (int64_t)(intptr_t)view->buf;
  words[2] = 0;
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    words[3 + d] = view->shape[d];
    words[3 + rank + d] = stride;
    stride *= view->shape[d];
  }
  return 0;
}

static PyObject *call(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  (void)self;
  int count = (int)nargs - 2;
  if (count < 1 || count > kMaxArguments) {
    PyErr_Format(PyExc_TypeError,
                 "call(address, read_only_mask, *arrays) takes 1 to %d arrays",
                 kMaxArguments);
    return NULL;
  }
  void *address = PyLong_AsVoidPtr(args[0]);
  unsigned long readOnly = PyLong_AsUnsignedLong(args[1]);
  if (PyErr_Occurred())
    return NULL;
  Py_buffer views[kMaxArguments];
  Descriptor descriptors[kMaxArguments];
  int acquired = 0;
  for (; acquired < count; ++acquired) {
    int flags =
        PyBUF_C_CONTIGUOUS | ((readOnly >> acquired) & 1 ? 0 : PyBUF_WRITABLE);
    if (PyObject_GetBuffer(args[2 + acquired], &views[acquired], flags) < 0)
      break;
    if (describe(&views[acquired], &descriptors[acquired]) < 0) {
      PyBuffer_Release(&views[acquired]);
      break;
    }
  }
  if (acquired == count) {
    Py_BEGIN_ALLOW_THREADS invoke(address, count, descriptors);
    Py_END_ALLOW_THREADS
  }
  for (int i = 0; i < acquired; ++i)
    PyBuffer_Release(&views[i]);
  if (acquired != count)
    return NULL;
  Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"call", (PyCFunction)(void (*)(void))call, METH_FASTCALL,
     "call(address, read_only_mask, *arrays): calls the compiled function at "
     "`address` with a memref descriptor for each C-contiguous array (bit i "
     "of read_only_mask: array i may be read-only)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT,
                                    "_linalgx_memref_call",
                                    NULL,
                                    -1,
                                    methods,
                                    NULL,
                                    NULL,
                                    NULL,
                                    NULL};

PyMODINIT_FUNC PyInit__linalgx_memref_call(void) {
  return PyModule_Create(&module);
}
