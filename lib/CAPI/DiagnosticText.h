//===- DiagnosticText.h - Diagnostics as text for C callers -----*- C++ -*-===//
//
// The C API hands every diagnostic to its caller as text, one per line with
// its location ("file:line:col: error: ..."), instead of printing it.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CAPI_DIAGNOSTICTEXT_H
#define LINALGX_LIB_CAPI_DIAGNOSTICTEXT_H

#include "mlir-c/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::linalgx::capi {

/// Passes `message` to `callback` (which may be null).
inline void report(MlirStringCallback callback, void *userData,
                   llvm::StringRef message) {
  if (callback)
    callback(mlirStringRefCreate(message.data(), message.size()), userData);
}

/// "file:line:col: " for a location that has one (through fused and named
/// locations), "" otherwise.
inline std::string describeLocation(mlir::Location loc) {
  using namespace mlir;
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (fileLoc.getFilename().getValue() + ":" +
            llvm::Twine(fileLoc.getLine()) + ":" +
            llvm::Twine(fileLoc.getColumn()) + ": ")
        .str();
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    return describeLocation(nameLoc.getChildLoc());
  if (auto callLoc = dyn_cast<CallSiteLoc>(loc))
    return describeLocation(callLoc.getCallee());
  if (auto fusedLoc = dyn_cast<FusedLoc>(loc))
    for (Location inner : fusedLoc.getLocations()) {
      std::string text = describeLocation(inner);
      if (!text.empty())
        return text;
    }
  return "";
}

inline const char *severityName(mlir::DiagnosticSeverity severity) {
  switch (severity) {
  case mlir::DiagnosticSeverity::Error:
    return "error";
  case mlir::DiagnosticSeverity::Warning:
    return "warning";
  case mlir::DiagnosticSeverity::Note:
    return "note";
  case mlir::DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

/// Collects the diagnostics of `context` as text while it lives.
class DiagnosticText {
public:
  explicit DiagnosticText(mlir::MLIRContext *context)
      : handler(context, [this](mlir::Diagnostic &diag) {
          llvm::raw_string_ostream os(text);
          os << describeLocation(diag.getLocation())
             << severityName(diag.getSeverity()) << ": " << diag << "\n";
          for (const mlir::Diagnostic &note : diag.getNotes())
            os << describeLocation(note.getLocation()) << "note: " << note
               << "\n";
          return mlir::success();
        }) {}

  /// `what`, followed by the diagnostics collected so far, if any.
  std::string describe(llvm::StringRef what) const {
    std::string message = what.str();
    if (!text.empty())
      message += ":\n" + llvm::StringRef(text).rtrim().str();
    return message;
  }

  /// The diagnostics collected so far (warnings of a run that succeeded).
  llvm::StringRef collected() const { return text; }

private:
  std::string text;
  mlir::ScopedDiagnosticHandler handler;
};

} // namespace mlir::linalgx::capi

#endif // LINALGX_LIB_CAPI_DIAGNOSTICTEXT_H
