//===- CudaRuntime.h - linalgx CUDA runtime C ABI ---------------*- C++ -*-===//
//
// Public C ABI of liblinalgx_cuda_runtime.so.
//
// The library provides two things:
//   1. The `mgpu*` entry points that MLIR 22's `gpu-to-llvm` conversion and the
//      gpu.binary / gpu.launch_func LLVM translation emit calls to (see
//      runtime/cuda/README.md for the exact list and LLVM IR signatures).
//      They are declared in linalgx/MgpuAbi.h.
//   2. The linalgx entry points below: stream policy, probing and LU.
//
// Stream policy: every generated launch (mgpuStreamCreate returns it) and
// every library call is ordered on ONE current stream. By default it is a
// cudaStreamNonBlocking stream the library creates lazily for the default
// device, shared by all threads; a thread can substitute its caller's own
// stream (XLA's, PyTorch's current stream) with linalgxCudaSetStream{,Ex},
// which affects that thread only.
//
// Errors: any failing CUDA / cuBLAS / cuSOLVER call prints one line
//   linalgx-cuda-runtime: error: <operation>: <call> failed with <name> (<n>):
//   <description>
// to stderr and terminates the process with EXIT_FAILURE. linalgxCudaProbe is
// the only function that never terminates the process.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_CUDA_RUNTIME_H
#define LINALGX_CUDA_RUNTIME_H

#include <stdint.h>

#if defined(_WIN32)
#define LINALGX_CUDA_EXPORT __declspec(dllexport)
#else
#define LINALGX_CUDA_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// Element types understood by linalgxCudaGetrf and linalgxCudaGetrs.
enum LinalgxCudaElemType {
  LINALGX_CUDA_F32 = 0,
  LINALGX_CUDA_F64 = 1,
  LINALGX_CUDA_C32 = 2, // complex<float>
  LINALGX_CUDA_C64 = 3, // complex<double>
};

/// Algorithm choice for linalgxCudaGetrf.
enum LinalgxCudaGetrfStrategy {
  LINALGX_CUDA_GETRF_AUTO = 0,
  LINALGX_CUDA_GETRF_CUSOLVER_LOOP = 1,  // cusolverDn<t>getrf once per matrix
  LINALGX_CUDA_GETRF_CUBLAS_BATCHED = 2, // cublas<t>getrfBatched (square only)
};

/// Returns the number of CUDA devices (> 0), or 0 when there is no usable
/// driver or device. In both cases a NUL-terminated human readable message is
/// written to `message` (truncated to `capacity` bytes, nothing is written
/// when `message` is NULL or capacity <= 0). Without a device the message
/// starts with "no CUDA driver/device: ". Never terminates the process, and
/// works on machines without libcuda.so.1.
LINALGX_CUDA_EXPORT int linalgxCudaProbe(char *message, int64_t capacity);

/// Flags of linalgxCudaSetStreamEx.
enum LinalgxCudaStreamFlags {
  /// The caller synchronizes: while this override is set,
  /// mgpuStreamSynchronize on the override stream returns without waiting
  /// (generated code ends every function with one), and mgpuMemAlloc /
  /// mgpuMemFree of the generated code's temporaries are stream-ordered
  /// (cudaMallocAsync / cudaFreeAsync on it) instead of cudaMalloc / the
  /// device-wide cudaFree. Only for code on device buffers
  /// (linalgx-gpu-pipeline{host-buffers=false}) whose results the caller
  /// consumes on the same stream: with host-buffers=true the final wait is
  /// what makes the results visible on the host.
  LINALGX_CUDA_STREAM_DEFER_SYNC = 1,
};

/// Makes `stream` (a cudaStream_t / CUstream, from any CUDA runtime instance)
/// the current stream of the CALLING THREAD until linalgxCudaResetStream on
/// that thread (or the next SetStream): mgpuStreamCreate returns it,
/// mgpuStreamDestroy leaves it alone, every generated launch, copy, memset
/// and linalgxCudaGetrf is queued on it in program order, and the thread's
/// library work targets the stream's device. NULL means the legacy default
/// stream, which is what PyTorch reports for its default stream. Other
/// threads are not affected. The library never destroys a stream set this
/// way; the caller keeps it alive while it is current.
/// `flags`: 0 or LINALGX_CUDA_STREAM_DEFER_SYNC (above).
LINALGX_CUDA_EXPORT void linalgxCudaSetStreamEx(void *stream, uint32_t flags);

/// linalgxCudaSetStreamEx(stream, 0): mgpuStreamSynchronize still waits.
LINALGX_CUDA_EXPORT void linalgxCudaSetStream(void *stream);

/// Removes the calling thread's override: it uses the library-owned
/// non-blocking stream of the process-wide device again.
LINALGX_CUDA_EXPORT void linalgxCudaResetStream(void);

/// Returns the calling thread's current stream, creating the library-owned
/// one if needed.
LINALGX_CUDA_EXPORT void *linalgxCudaGetStream(void);

/// Factors `batch` column-major m x n matrices stored contiguously in device
/// memory (matrix b at a + b*m*n elements, leading dimension m) in place with
/// partial pivoting.
/// elemType: 0=f32, 1=f64, 2=complex<f32>, 3=complex<f64>.
/// pivots: device int32 [batch, min(m,n)], written 1-BASED as LAPACK/cuSOLVER
///         produce them.
/// info: device int32 [batch], LAPACK convention (0 ok, i+1 = U(i,i) exactly
///       zero).
/// strategy: 0 = auto, 1 = cuSOLVER getrf looped over the batch,
///           2 = cuBLAS getrfBatched (square only).
///   Auto picks 2 when batch > 1, m == n and n <= 128
///   (LINALGX_GETRF_BATCHED_MAX_N overrides 128), else 1.
/// Asynchronous on the current stream. The cuSOLVER path with batch > 1 runs
/// the matrices concurrently on up to LINALGX_GETRF_STREAMS (default 8)
/// streams, forked from and joined back into the current stream with events,
/// so ordering is as if everything ran on the current stream (README.md).
///
/// Strategy 1 matches LAPACK getrf exactly in semantics. Strategy 2 (cuBLAS,
/// as observed with CUDA 13.0) differs in two ways; see README.md:
///   * complex types pivot on the modulus |z|, not LAPACK's |re|+|im|;
///   * after the first exactly zero pivot (info = k > 0) the factors beyond
///     column/row k-1 are not LAPACK's (info and pivots 1..k are).
LINALGX_CUDA_EXPORT void linalgxCudaGetrf(int32_t elemType, void *a,
                                          int32_t *pivots, int32_t *info,
                                          int64_t batch, int64_t m, int64_t n,
                                          int32_t strategy);

/// Which system linalgxCudaGetrs solves.
enum LinalgxCudaGetrsTrans {
  LINALGX_CUDA_GETRS_NONE = 0,      // A X = B
  LINALGX_CUDA_GETRS_TRANSPOSE = 1, // A^T X = B
  LINALGX_CUDA_GETRS_ADJOINT = 2,   // A^H X = B (A^T for real types)
};

/// Solves `batch` systems op(A) X = B in place in B from the factors of
/// linalgxCudaGetrf, with cuSOLVER's getrs once per matrix on the current
/// stream.
/// lu: device [batch] column-major n x n factors (leading dimension n);
/// pivots: device int32 [batch, n], 1-BASED (getrf's), or NULL: B's rows are
///   exchanged already (for A; for A^T and A^H the caller exchanges X's rows
///   afterwards), and only the two triangular solves run (cuBLAS trsm);
/// b: device [batch] column-major n x nrhs right-hand sides (leading
///    dimension n), overwritten with X.
/// elemType as linalgxCudaGetrf's; trans a LinalgxCudaGetrsTrans.
/// Asynchronous, no host synchronization; a zero pivot gives the inf/NaN of
/// the substitution (LAPACK's getrs does not check).
LINALGX_CUDA_EXPORT void linalgxCudaGetrs(int32_t elemType, int32_t trans,
                                          const void *lu, const int32_t *pivots,
                                          void *b, int64_t batch, int64_t n,
                                          int64_t nrhs);

/// C -= A * B for `batch` row-major blocks in device memory (the blocked
/// LU's trailing update, L21 * U12): C is rows x cols, A rows x depth, B
/// depth x cols, rows `ld` elements apart in all three, block t of each at
/// its pointer + t * batchStride elements (the blocks may lie in one
/// matrix; C must not overlap A or B). cuBLAS <t>gemmStridedBatched in the
/// handle's default math mode: full precision, no TF32. elemType as
/// linalgxCudaGetrf's. Asynchronous; nothing to do when a size is 0.
/// aside = 0: on the current stream. aside = 1: on the library's side
/// stream of the current stream, after everything queued on it so far;
/// work queued on the current stream afterwards may run beside it until
/// linalgxCudaJoinAside, which the caller must call before anything that
/// touches C (and before the current stream's work is waited for or a
/// graph capture ends: a GEMM put aside inside a capture is joined inside
/// it, one put aside outside joined outside).
LINALGX_CUDA_EXPORT void
linalgxCudaGemmSubtract(int32_t elemType, void *c, const void *a, const void *b,
                        int64_t batch, int64_t rows, int64_t cols,
                        int64_t depth, int64_t ld, int64_t batchStride,
                        int32_t aside);

/// Makes the current stream wait for the GEMMs put aside from it (a no-op
/// when none is pending).
LINALGX_CUDA_EXPORT void linalgxCudaJoinAside(void);

/// Opens an aside region on the calling thread: the side stream of the
/// current stream waits for everything queued on it so far, and until
/// linalgxCudaEndAside the thread's current stream is that side stream, so
/// that generated launches (mgpuStreamCreate) and library calls made in the
/// region run beside the work queued after it. linalgxCudaEndAside closes
/// the region; linalgxCudaJoinAside joins its work like a GEMM put aside.
/// Regions do not nest; an error names the misuse.
LINALGX_CUDA_EXPORT void linalgxCudaBeginAside(void);
LINALGX_CUDA_EXPORT void linalgxCudaEndAside(void);

/// B := L^-1 * B for `batch` row-major blocks in device memory (the blocked
/// LU's U rows right of a block of panels): L is the unit lower triangle of
/// a rows x rows block (its diagonal and upper part are not read), B rows x
/// cols, rows `ld` elements apart in both, block t of each at its pointer +
/// t * batchStride elements (the blocks may lie in one matrix; B must not
/// overlap L's lower triangle). cuBLAS <t>trsm a block, on the current
/// stream. elemType as linalgxCudaGetrf's. Asynchronous; nothing to do when
/// a size is 0.
LINALGX_CUDA_EXPORT void linalgxCudaSolveUnitLower(int32_t elemType,
                                                   const void *l, void *b,
                                                   int64_t batch, int64_t rows,
                                                   int64_t cols, int64_t ld,
                                                   int64_t batchStride);

/// Synchronizes each device with cached resources (cudaDeviceSynchronize),
/// then frees every cached cuBLAS/cuSOLVER handle, the getrf fan-out's
/// streams and events, the pointer-array kernel's module and the library's
/// stream-ordered memory pools. Optional: caches otherwise live until
/// process exit. Useful for leak checkers and before handing a stream back.
LINALGX_CUDA_EXPORT void linalgxCudaReleaseCachedResources(void);

/// Storage order of the matrix of linalgxCudaMgGetrf.
enum LinalgxCudaMatrixLayout {
  LINALGX_CUDA_COLUMN_MAJOR = 0, // element (i, j) at a[i + j*n] (LAPACK's)
  LINALGX_CUDA_ROW_MAJOR = 1,    // element (i, j) at a[i*n + j] (memrefs')
};

/// Factors ONE n x n matrix in place with partial pivoting, P*A = L*U,
/// spread over the GPUs `devices[0..deviceCount)` of this process with
/// cuSOLVERMg (1-D column block-cyclic tiles of `blockSize` columns: column
/// block b goes to devices[b % D]), for a matrix larger than one GPU or
/// faster on several. A grid of one device works as well.
/// a: n x n in `layout` (a LinalgxCudaMatrixLayout), leading dimension n;
///    overwritten with L (unit diagonal, not stored) and U.
/// pivots: int32 [n], 1-BASED as LAPACK's (row i was exchanged with row
///    pivots[i]); linalgx's 0-based pivots are pivots - 1.
/// info: int32 [1], LAPACK convention (0 ok, i+1 = U(i,i) exactly zero; the
///    factorization still completes).
/// a, pivots and info may each be host memory (pageable or pinned; pinned
/// copies faster) or device memory of any device; for a matrix larger than
/// one GPU, pass host memory.
/// elemType as linalgxCudaGetrf's (all four are what cuSOLVERMg supports).
/// devices: host array of distinct device ids, 1 <= deviceCount <= 32;
///    devices beyond the number of column blocks (ceil(n / blockSize)) get no
///    tiles and are left out. Any count and order: nothing needs to divide n.
/// blockSize: columns per tile, >= 1 (clamped to n); 256 is a good default.
/// Synchronous: waits for the current stream first (a may be device memory
/// written by earlier work), returns when the results are in place. Cannot
/// be captured into a CUDA graph. Each wait for a stream is bounded by
/// LINALGX_CUDA_MG_WAIT_SECONDS (default 600; 0 = none); the factorization
/// inside cusolverMgGetrf is not. Leaves peer access enabled between the
/// grid's devices and restores the calling thread's current device.
/// See runtime/cuda/README.md and docs/scale.md.
LINALGX_CUDA_EXPORT void
linalgxCudaMgGetrf(int32_t elemType, void *a, int32_t *pivots, int32_t *info,
                   int64_t n, int32_t layout, const int32_t *devices,
                   int32_t deviceCount, int64_t blockSize);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // LINALGX_CUDA_RUNTIME_H
