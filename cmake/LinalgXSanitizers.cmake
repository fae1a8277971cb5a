# LINALGX_ENABLE_SANITIZERS: build linalgx's own code (libraries, tools,
# runtime libraries, plugins, test programs) with AddressSanitizer and/or
# UndefinedBehaviorSanitizer.
#
#   -DLINALGX_ENABLE_SANITIZERS=ON                  ASan + UBSan (= "Address;Undefined")
#   -DLINALGX_ENABLE_SANITIZERS="Address;Undefined" the same
#   -DLINALGX_ENABLE_SANITIZERS=Address             ASan (with LeakSanitizer) only
#   -DLINALGX_ENABLE_SANITIZERS=Undefined           UBSan only
#   OFF / empty (the default)                       no sanitizer
#
# `bash scripts/run-sanitized-tests.sh` configures build-asan/ with ON and runs
# the test suite with the runtime options; see docs/reliability.md,
# "Sanitizers".
#
# Included by the top-level CMakeLists.txt *before* include(HandleLLVMOptions):
# the compile flags come from LLVM's own LLVM_USE_SANITIZER mechanism, which
# HandleLLVMOptions applies to CMAKE_C_FLAGS/CMAKE_CXX_FLAGS of every directory
# of this project (-fsanitize=..., -fno-omit-frame-pointer, and
# -gline-tables-only in Release for symbolized reports), and which also stops
# HandleLLVMOptions/AddMLIR from passing -z,defs to shared libraries (the
# sanitizer runtimes are linked into executables only). Only linalgx's code is
# instrumented: the prebuilt MLIR/LLVM libraries of the installation are not,
# so ASan checks the accesses our code makes (on any heap memory: it intercepts
# malloc/new process-wide) and UBSan checks our code.
#
# LLVM_UBSAN_FLAGS, which HandleLLVMOptions appends for "Undefined", is set by
# LLVM's top-level CMakeLists.txt in an LLVM build and is not exported to
# installed packages; out of tree it is empty (HandleLLVMOptions would then
# quietly build "Address;Undefined" as ASan only), so it is set here.
#
# What HandleLLVMOptions cannot know about, done at the end of the configure
# step (linalgx_sanitizers_finalize, deferred to the end of the top directory):
#  - exported static libraries carry -fsanitize=... in their
#    INTERFACE_LINK_OPTIONS, so that a program linking them (an out-of-tree
#    consumer through find_package(LinalgX), test/consumer) links the runtime;
#  - shared libraries loaded into our own (instrumented) executables
#    (liblinalgx_runner_utils, liblinalgx_cuda_runtime) lose an explicit
#    -z,defs/--no-undefined: their __asan_*/__ubsan_* references are resolved
#    by the executable's runtime, as LLVM/MLIR do for their own shared
#    libraries in sanitizer builds;
#  - the mlir-opt plugins (MODULE libraries dlopen()ed by the uninstrumented
#    mlir-opt of the MLIR installation) link the *shared* sanitizer runtime
#    (-shared-libsan, which keeps their -z,defs valid); ASan's runtime must be
#    the first library of a process, so bin/mlir-opt of a sanitized build tree
#    is a wrapper that runs the installation's mlir-opt with that runtime in
#    LD_PRELOAD. lit searches linalgx's tools directory before LLVM's, so the
#    plugin tests (test/Plugins) run through it.

set(LINALGX_ENABLE_SANITIZERS OFF CACHE STRING
  "Sanitizers for linalgx's own code: OFF, ON (= Address;Undefined), Address, Undefined or Address;Undefined")

set(LINALGX_SANITIZERS "")
if(LINALGX_ENABLE_SANITIZERS)
  if(LINALGX_ENABLE_SANITIZERS MATCHES "^(ON|On|on|TRUE|True|true|YES|Yes|yes|Y|y|1)$")
    set(LINALGX_SANITIZERS Address Undefined)
  else()
    foreach(_san IN LISTS LINALGX_ENABLE_SANITIZERS)
      string(TOLOWER "${_san}" _san)
      if(_san STREQUAL "address")
        list(APPEND LINALGX_SANITIZERS Address)
      elseif(_san STREQUAL "undefined")
        list(APPEND LINALGX_SANITIZERS Undefined)
      else()
        message(FATAL_ERROR
          "LINALGX_ENABLE_SANITIZERS=${LINALGX_ENABLE_SANITIZERS}: unsupported "
          "sanitizer '${_san}' (use ON, Address, Undefined or Address;Undefined)")
      endif()
    endforeach()
    list(REMOVE_DUPLICATES LINALGX_SANITIZERS)
    list(SORT LINALGX_SANITIZERS)   # Address;Undefined, as LLVM spells it
  endif()
endif()

if(NOT LINALGX_SANITIZERS)
  return()
endif()

if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang" OR NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR
    "LINALGX_ENABLE_SANITIZERS needs clang (the scripts use clang-22): "
    "-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22")
endif()
if(LLVM_USE_SANITIZER AND NOT LLVM_USE_SANITIZER STREQUAL "${LINALGX_SANITIZERS}")
  message(FATAL_ERROR
    "LLVM_USE_SANITIZER=${LLVM_USE_SANITIZER} conflicts with "
    "LINALGX_ENABLE_SANITIZERS=${LINALGX_ENABLE_SANITIZERS}; set only the latter")
endif()

# Read by HandleLLVMOptions.
set(LLVM_USE_SANITIZER "${LINALGX_SANITIZERS}")
set(LLVM_UBSAN_FLAGS "-fsanitize=undefined -fno-sanitize-recover=undefined")

# The same runtimes at link time, for consumers of the static libraries.
set(_linalgx_fsanitize "")
if("Address" IN_LIST LINALGX_SANITIZERS)
  list(APPEND _linalgx_fsanitize address)
endif()
if("Undefined" IN_LIST LINALGX_SANITIZERS)
  list(APPEND _linalgx_fsanitize undefined)
endif()
string(JOIN "," _linalgx_fsanitize ${_linalgx_fsanitize})
set(LINALGX_SANITIZER_LINK_FLAGS "-fsanitize=${_linalgx_fsanitize}")
message(STATUS "linalgx: sanitizers ${LINALGX_SANITIZERS} (${LINALGX_SANITIZER_LINK_FLAGS})")

# The shared ASan runtime, preloaded by the mlir-opt wrapper.
set(LINALGX_ASAN_RUNTIME "")
if("Address" IN_LIST LINALGX_SANITIZERS)
  foreach(_name libclang_rt.asan-${CMAKE_SYSTEM_PROCESSOR}.so libclang_rt.asan.so)
    execute_process(
      COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${_name}
      OUTPUT_VARIABLE _path OUTPUT_STRIP_TRAILING_WHITESPACE
      ERROR_QUIET)
    if(IS_ABSOLUTE "${_path}" AND EXISTS "${_path}")
      set(LINALGX_ASAN_RUNTIME "${_path}")
      break()
    endif()
  endforeach()
endif()
execute_process(
  COMMAND ${CMAKE_CXX_COMPILER} -print-runtime-dir
  OUTPUT_VARIABLE LINALGX_SANITIZER_RUNTIME_DIR OUTPUT_STRIP_TRAILING_WHITESPACE
  ERROR_QUIET)

# All targets defined in a directory and below it.
function(_linalgx_collect_targets dir out)
  get_property(_targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  get_property(_subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(_sub IN LISTS _subdirs)
    _linalgx_collect_targets("${_sub}" _more)
    list(APPEND _targets ${_more})
  endforeach()
  set(${out} ${_targets} PARENT_SCOPE)
endfunction()

function(linalgx_sanitizers_finalize)
  _linalgx_collect_targets("${PROJECT_SOURCE_DIR}" _targets)
  set(_plugins "")
  foreach(_t IN LISTS _targets)
    get_target_property(_type ${_t} TYPE)
    if(_type STREQUAL "STATIC_LIBRARY")
      set_property(TARGET ${_t} APPEND PROPERTY
        INTERFACE_LINK_OPTIONS "${LINALGX_SANITIZER_LINK_FLAGS}")
    elseif(_type STREQUAL "SHARED_LIBRARY")
      # Loaded by our instrumented executables, whose runtime defines the
      # sanitizer entry points.
      get_target_property(_opts ${_t} LINK_OPTIONS)
      if(_opts)
        list(REMOVE_ITEM _opts "LINKER:-z,defs" "LINKER:--no-undefined"
                               "-Wl,-z,defs" "-Wl,--no-undefined")
        set_property(TARGET ${_t} PROPERTY LINK_OPTIONS "${_opts}")
      endif()
    elseif(_type STREQUAL "MODULE_LIBRARY")
      # Plugins of the uninstrumented mlir-opt: they bring the shared runtime.
      target_link_options(${_t} PRIVATE -shared-libsan)
      if(LINALGX_SANITIZER_RUNTIME_DIR)
        set_property(TARGET ${_t} APPEND PROPERTY
          INSTALL_RPATH "${LINALGX_SANITIZER_RUNTIME_DIR}")
      endif()
      list(APPEND _plugins ${_t})
    endif()
  endforeach()

  if(_plugins AND LINALGX_ASAN_RUNTIME)
    find_program(LINALGX_HOST_MLIR_OPT mlir-opt
      HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
    if(LINALGX_HOST_MLIR_OPT)
      file(CONFIGURE OUTPUT "${LINALGX_TOOLS_DIR}/mlir-opt" @ONLY CONTENT
"#!/bin/sh
# Generated by cmake/LinalgXSanitizers.cmake (LINALGX_ENABLE_SANITIZERS): the
# MLIR installation's mlir-opt with ASan's shared runtime preloaded, so that it
# can load the ASan-instrumented linalgx plugins (lib/liblinalgx-*-plugin.so).
# Each plugin carries its own copy of linalgx and, when both are loaded, the
# first one's symbols interpose the second's (tools/linalgx-plugins): ASan's
# default detect_odr_violation=2 reports every global defined in both, =1 only
# those whose sizes differ, i.e. a real ODR violation.
export ASAN_OPTIONS=\"detect_odr_violation=1\${ASAN_OPTIONS:+:\$ASAN_OPTIONS}\"
LD_PRELOAD=\"@LINALGX_ASAN_RUNTIME@\${LD_PRELOAD:+:\$LD_PRELOAD}\" exec \"@LINALGX_HOST_MLIR_OPT@\" \"\$@\"
")
      file(CHMOD "${LINALGX_TOOLS_DIR}/mlir-opt" PERMISSIONS
        OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
        WORLD_READ WORLD_EXECUTE)
    else()
      message(WARNING "linalgx: no mlir-opt in ${LLVM_TOOLS_BINARY_DIR}; "
        "the sanitized plugins can only be loaded with LD_PRELOAD=${LINALGX_ASAN_RUNTIME}")
    endif()
  endif()
endfunction()

cmake_language(DEFER DIRECTORY "${PROJECT_SOURCE_DIR}" CALL linalgx_sanitizers_finalize)
