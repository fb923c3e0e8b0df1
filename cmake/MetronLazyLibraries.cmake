# The libraries that only some commands use (libarchive for bundles, libsqlite3 and libpq for the
# history) are loaded when a command first needs them (runtime/plan/shared_library.h), not by the
# dynamic linker at every start: each rank of each launch would pay for them. The code is compiled
# against their headers; the name to load is each library's SONAME, read here from the library the
# find modules found, so that headers and library agree.
function(metron_soname out_var library)
  execute_process(COMMAND objdump -p "${library}" OUTPUT_VARIABLE dump ERROR_QUIET
                  RESULT_VARIABLE rc)
  if(rc EQUAL 0 AND dump MATCHES "SONAME[ \t]+([^ \t\r\n]+)")
    set(${out_var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  else()
    message(FATAL_ERROR "cannot read the SONAME of ${library} (objdump -p, from binutils)")
  endif()
endfunction()

list(GET LibArchive_LIBRARIES 0 _metron_archive_lib)
list(GET SQLite3_LIBRARIES 0 _metron_sqlite_lib)
list(GET PostgreSQL_LIBRARIES 0 _metron_pq_lib)
metron_soname(METRON_LIBARCHIVE_SONAME "${_metron_archive_lib}")
metron_soname(METRON_SQLITE_SONAME "${_metron_sqlite_lib}")
metron_soname(METRON_LIBPQ_SONAME "${_metron_pq_lib}")
message(STATUS "Loaded on first use: ${METRON_LIBARCHIVE_SONAME}, ${METRON_SQLITE_SONAME}, "
               "${METRON_LIBPQ_SONAME}")

# The Debian packages that hold them, for the .deb's Depends (dpkg-shlibdeps sees only what the
# dynamic linker loads): "libarchive13, libsqlite3-0, libpq5" here.
set(METRON_LAZY_LIBRARY_PACKAGES "")
find_program(METRON_DPKG dpkg)
foreach(lib ${_metron_archive_lib} ${_metron_sqlite_lib} ${_metron_pq_lib})
  get_filename_component(real "${lib}" REALPATH)
  if(METRON_DPKG)
    execute_process(COMMAND ${METRON_DPKG} -S "${real}" OUTPUT_VARIABLE owner ERROR_QUIET
                    RESULT_VARIABLE rc)
    if(rc EQUAL 0 AND owner MATCHES "^([^:, ]+)")
      list(APPEND METRON_LAZY_LIBRARY_PACKAGES "${CMAKE_MATCH_1}")
    endif()
  endif()
endforeach()

# A target that calls one of these libraries: its headers, its SONAME, and libdl (dlopen).
function(metron_uses_lazy_library target imported soname_define soname)
  target_include_directories(${target} PRIVATE
                             $<TARGET_PROPERTY:${imported},INTERFACE_INCLUDE_DIRECTORIES>)
  target_compile_definitions(${target} PRIVATE ${soname_define}="${soname}")
  target_link_libraries(${target} PRIVATE ${CMAKE_DL_LIBS})
endfunction()
