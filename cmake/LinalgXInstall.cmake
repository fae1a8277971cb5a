# Install rules and the CMake package of linalgx:
#
#   cmake --install build --prefix P
#
# puts
#   P/include/linalgx/...        headers, .td files, TableGen-generated .inc files
#   P/include/linalgx-c/...      C API headers (when the C API is built)
#   P/lib/libLinalgX*.a          every add_mlir_library of this project
#   P/lib/liblinalgx_*.so        runtime libraries (runner utilities, CUDA runtime)
#   P/bin/linalgx-{opt,runner}   the tools
#   P/lib/cmake/linalgx/         LinalgXConfig.cmake, LinalgXConfigVersion.cmake,
#                                LinalgXTargets.cmake (targets named LinalgX::<target>)
#
# so that an out-of-tree project can do `find_package(LinalgX CONFIG)` (see
# docs/integration.md, "Linking from CMake", and test/consumer/).
#
# Included at the end of the top-level CMakeLists.txt, once every target exists.

include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(LINALGX_PACKAGE_VERSION 0.1.0)
set(LINALGX_INSTALL_PACKAGE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/linalgx")

# ---- libraries ------------------------------------------------------------------
# add_mlir_library (and add_mlir_dialect_library, add_mlir_conversion_library,
# add_mlir_public_c_api_library, add_mlir_aggregate) already installs each
# library into lib/ and records it in the global MLIR_EXPORTS property (see
# add_mlir_library_install in MLIR's AddMLIR.cmake), but in the export set
# "MLIRTargets", which belongs to MLIR's own package and is never installed by
# an out-of-tree project. Install the same libraries once more into
# linalgx's own export set: the file lands at the same place, and the exported
# targets get the library's usage requirements (INTERFACE_LINK_LIBRARIES naming
# the MLIR targets, e.g. MLIRIR, MLIRPass, LLVM). Every MLIR-style library of
# the project is exported this way, the C API library included.
get_property(_linalgx_libraries GLOBAL PROPERTY MLIR_EXPORTS)
list(REMOVE_DUPLICATES _linalgx_libraries)
foreach(_lib IN LISTS _linalgx_libraries)
  get_target_property(_type ${_lib} TYPE)
  if(_type STREQUAL "OBJECT_LIBRARY")
    # obj.<name> of the aggregation machinery: no use to a consumer.
    list(REMOVE_ITEM _linalgx_libraries ${_lib})
    continue()
  endif()
  # Headers: the installed include/ (linalgx's) here; MLIR's and LLVM's are
  # added by LinalgXConfig.cmake from the MLIR package it finds.
  target_include_directories(${_lib} INTERFACE
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()

# ---- runtime libraries and tools --------------------------------------------
set(_linalgx_runtime_targets linalgx_runner_utils linalgx_cpu_runtime)
install(FILES ${PROJECT_SOURCE_DIR}/runtime/cpu/include/linalgx/CpuRuntime.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/linalgx)
if(TARGET linalgx_cuda_runtime)
  # runtime/cuda installs it too (it also builds standalone); this adds it to
  # the export set.
  list(APPEND _linalgx_runtime_targets linalgx_cuda_runtime)
endif()
set(_linalgx_tools linalgx-opt linalgx-runner)
# add_llvm_executable gives the tools the install RPATH $ORIGIN/../lib only
# (llvm_setup_rpath); keep MLIR's library directory as well, as in the build
# tree: linalgx-runner needs libMLIR.so.22.1 (through MLIRExecutionEngine),
# which is not on the default search path of Debian's loader.
set_target_properties(${_linalgx_tools} PROPERTIES
  INSTALL_RPATH "\$ORIGIN/../${CMAKE_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}")

install(TARGETS ${_linalgx_libraries} ${_linalgx_runtime_targets} ${_linalgx_tools}
  EXPORT LinalgXTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# ---- headers --------------------------------------------------------------------
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/linalgx
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING
  PATTERN "*.h"
  PATTERN "*.td"
  PATTERN "CMakeLists.txt" EXCLUDE)
# The C API's headers (include/linalgx-c), when the C API is built.
if(TARGET LinalgXCAPI OR TARGET obj.LinalgXCAPI)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/linalgx-c
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    FILES_MATCHING
    PATTERN "*.h"
    PATTERN "CMakeLists.txt" EXCLUDE)
endif()
# The TableGen output (*.h.inc, and the *.cpp.inc next to them, as MLIR
# installs its own) from the build tree, for the C++ and the C headers.
foreach(_dir linalgx linalgx-c)
  install(DIRECTORY ${PROJECT_BINARY_DIR}/include/${_dir}
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    OPTIONAL
    FILES_MATCHING
    PATTERN "*.inc"
    PATTERN "CMakeFiles" EXCLUDE)
endforeach()

# ---- CMake package --------------------------------------------------------------
install(EXPORT LinalgXTargets
  NAMESPACE LinalgX::
  FILE LinalgXTargets.cmake
  DESTINATION ${LINALGX_INSTALL_PACKAGE_DIR})

# Substituted into LinalgXConfig.cmake: the MLIR package linalgx was built
# against (a hint; the consumer's MLIR_DIR wins) and what was exported.
set(LINALGX_BUILT_MLIR_DIR "${MLIR_DIR}")
set(LINALGX_BUILT_LLVM_VERSION "${LLVM_PACKAGE_VERSION}")
set(LINALGX_EXPORTED_LIBRARIES)
foreach(_lib IN LISTS _linalgx_libraries _linalgx_runtime_targets)
  list(APPEND LINALGX_EXPORTED_LIBRARIES "LinalgX::${_lib}")
endforeach()
set(LINALGX_INCLUDE_INSTALL_DIR ${CMAKE_INSTALL_INCLUDEDIR})
set(LINALGX_LIB_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR})
set(LINALGX_BIN_INSTALL_DIR ${CMAKE_INSTALL_BINDIR})

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/LinalgXConfig.cmake.in
  ${PROJECT_BINARY_DIR}/CMakeFiles/LinalgXPackage/LinalgXConfig.cmake
  INSTALL_DESTINATION ${LINALGX_INSTALL_PACKAGE_DIR}
  PATH_VARS LINALGX_INCLUDE_INSTALL_DIR LINALGX_LIB_INSTALL_DIR
            LINALGX_BIN_INSTALL_DIR)
# linalgx's own version (the LLVM/MLIR version is checked by LinalgXConfig).
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/CMakeFiles/LinalgXPackage/LinalgXConfigVersion.cmake
  VERSION ${LINALGX_PACKAGE_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/CMakeFiles/LinalgXPackage/LinalgXConfig.cmake
  ${PROJECT_BINARY_DIR}/CMakeFiles/LinalgXPackage/LinalgXConfigVersion.cmake
  DESTINATION ${LINALGX_INSTALL_PACKAGE_DIR})
