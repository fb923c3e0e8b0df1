# cmake --install: the binary, the stdlib suites and examples (share/metron), the docs, a man page
# per subcommand and bash/zsh completion. The man pages and completion scripts are generated at
# build time by the binary itself from its command-line definition, so they cannot drift.
# CPack turns the same installation into a .deb (cpack -G DEB in the build folder).

set(METRON_GEN_DIR ${CMAKE_BINARY_DIR}/generated/install)
add_custom_command(
  OUTPUT ${METRON_GEN_DIR}/stamp
  COMMAND ${CMAKE_COMMAND} -E remove_directory ${METRON_GEN_DIR}/man
  COMMAND metron --man-pages ${METRON_GEN_DIR}/man
  COMMAND metron --completion bash > ${METRON_GEN_DIR}/metron.bash
  COMMAND metron --completion zsh > ${METRON_GEN_DIR}/_metron
  COMMAND ${CMAKE_COMMAND} -E touch ${METRON_GEN_DIR}/stamp
  DEPENDS metron
  COMMENT "Generating man pages and shell completion from metron's help")
add_custom_target(metron_manuals ALL DEPENDS ${METRON_GEN_DIR}/stamp)

install(TARGETS metron RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY stdlib-benchmarks/ DESTINATION ${METRON_SHARE_DIR}/stdlib-benchmarks)
install(DIRECTORY examples/ DESTINATION ${METRON_SHARE_DIR}/examples)
# README.md links docs/*.md: the same layout under share/doc/metron keeps its links working.
install(FILES README.md LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${METRON_GEN_DIR}/man/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
        FILES_MATCHING PATTERN "*.1")
install(FILES ${METRON_GEN_DIR}/metron.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME metron)
# Debian's zsh reads vendor-completions; other systems' site-functions (fpath).
install(FILES ${METRON_GEN_DIR}/_metron DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME metron)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "interpreter for MPI benchmark scripts (.bench, a superset of SKaMPI's .ski)")
set(CPACK_PACKAGE_CONTACT "Metron developers <metron@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# The shared libraries' packages come from dpkg-shlibdeps, the ones loaded on first use from
# MetronLazyLibraries.cmake; mpiexec comes from mpich.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
list(JOIN METRON_LAZY_LIBRARY_PACKAGES ", " _metron_lazy_depends)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "mpich")
if(_metron_lazy_depends)
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", ${_metron_lazy_depends}")
endif()
set(CPACK_PACKAGE_INSTALL_DIRECTORY metron)
# RelWithDebInfo keeps debug info in the build; the package ships the stripped binary.
set(CPACK_STRIP_FILES ON)
include(CPack)
