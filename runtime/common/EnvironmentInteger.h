//===- EnvironmentInteger.h - strict integer environment variables -*- C++ -*-//
//
// The runtimes' tuning variables (LINALGX_CPU_THREADS, LINALGX_GETRF_*) are
// read once per process. A value that is not a whole number in range must not
// pass silently or crash: it is reported on stderr, with the value used
// instead, and the run goes on. Header-only so that each runtime library
// stays self-contained.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_RUNTIME_COMMON_ENVIRONMENTINTEGER_H
#define LINALGX_RUNTIME_COMMON_ENVIRONMENTINTEGER_H

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace linalgx::runtime {

/// $`name` as an integer in [min, max]: `fallback` when unset or empty, or
/// (with a warning from `component`) when it is not a decimal integer; the
/// nearest bound, with a warning, when it is outside the range.
inline int64_t environmentInteger(const char *component, const char *name,
                                  int64_t fallback, int64_t min, int64_t max) {
  const char *text = std::getenv(name);
  if (!text || !*text)
    return fallback;
  char *end = nullptr;
  errno = 0;
  long long value = std::strtoll(text, &end, 10);
  if (end == text || *end != '\0') {
    std::fprintf(stderr,
                 "%s: warning: %s='%s' is not a whole number; using %lld\n",
                 component, name, text, static_cast<long long>(fallback));
    return fallback;
  }
  if (errno == ERANGE || value < min || value > max) {
    int64_t bound =
        (errno == ERANGE ? text[0] == '-' : value < min) ? min : max;
    std::fprintf(stderr,
                 "%s: warning: %s='%s' is outside [%lld, %lld]; using %lld\n",
                 component, name, text, static_cast<long long>(min),
                 static_cast<long long>(max), static_cast<long long>(bound));
    return bound;
  }
  return value;
}

} // namespace linalgx::runtime

#endif // LINALGX_RUNTIME_COMMON_ENVIRONMENTINTEGER_H
