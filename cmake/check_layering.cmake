# The folder boundaries as include rules (docs/architecture.md); fails on the first file that
# crosses one. Test meta/layering runs it:
#   cmake -DSOURCE_DIR=. -P cmake/check_layering.cmake
# A rule: files under FOLDER may include project headers only from the listed folders (and may
# not include <mpi.h> where MPI is not listed).
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repo> -P check_layering.cmake")
endif()

# folder | allowed project include prefixes | MPI allowed
set(rules
    "runtime/stats|runtime/stats,runtime/adapt|no"
    "runtime/adapt|runtime/stats,runtime/adapt|no"
    "runtime/plan|runtime/plan,runtime/stats,runtime/adapt,runtime/test_hooks.h|no"
    "runtime/analysis|runtime/analysis,runtime/plan,runtime/stats,runtime/adapt,runtime/output/csv_writer.h,runtime/output/json_file.h,runtime/results/result_columns.h|no"
    "runtime/bundle|runtime/bundle,runtime/analysis,runtime/plan,runtime/output/json_file.h|no"
    # The history database reads results folders as analysis does; no MPI, nothing of the runtime.
    "runtime/history|runtime/history,runtime/analysis,runtime/plan,runtime/stats,runtime/adapt,runtime/output/json_file.h,runtime/output/folder_lock.h|no"
    # The records of a launch, and the writers that only format them: no MPI, nothing of the
    # executor (exec/ gathers the facts and hands them over).
    "runtime/results|runtime/results,runtime/plan,runtime/stats,runtime/adapt|no"
    "runtime/output|runtime/output,runtime/results,runtime/plan,runtime/stats,runtime/adapt|no"
    # The executor walks the plan with the measuring layers and hands records to the writers;
    # nothing above it (launcher, report, CLI).
    "runtime/exec|runtime/exec,runtime/results,runtime/output,runtime/plan,runtime/stats,runtime/adapt,runtime/measure,runtime/ops,runtime/procsync,runtime/clocksync,runtime/timers,runtime/schemes,runtime/sysinfo.h,runtime/scheduler_context.h,runtime/test_hooks.h,runtime/launch_clock.h,runtime/simulation.h|yes"
    # One job's measurement (job_measure -> JobRunner -> measured_loop -> schemes/): it sees the
    # measuring layers below it, never the plan walk, the launcher or the writers.
    "runtime/measure|runtime/measure,runtime/results,runtime/plan,runtime/stats,runtime/adapt,runtime/ops,runtime/procsync,runtime/clocksync,runtime/timers,runtime/schemes,runtime/sysinfo.h,runtime/test_hooks.h,runtime/launch_clock.h,runtime/simulation.h|yes"
    "interpreter|interpreter,runtime/plan,runtime/stats,runtime/adapt|no"
    "runtime|runtime|yes")

set(violations "")
foreach(rule ${rules})
  string(REPLACE "|" ";" parts "${rule}")
  list(GET parts 0 folder)
  list(GET parts 1 allowed)
  list(GET parts 2 mpi)
  string(REPLACE "," ";" allowed "${allowed}")
  file(GLOB_RECURSE files "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cpp"
       "${SOURCE_DIR}/${folder}/*.def")
  foreach(f ${files})
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
    # The CLI is the one place that sees both halves.
    if(rel MATCHES "^interpreter/cli/")
      continue()
    endif()
    # A more specific rule covers these folders.
    if(folder STREQUAL "runtime" AND rel MATCHES
                                     "^runtime/(stats|adapt|plan|analysis|bundle|results|output|exec|history)/")
      continue()
    endif()
    file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
    foreach(line ${lines})
      if(line MATCHES "#[ \t]*include[ \t]*\"([^\"]+)\"")
        set(inc "${CMAKE_MATCH_1}")
        if(inc MATCHES "^(interpreter|runtime|grammar)/")
          set(ok FALSE)
          foreach(prefix ${allowed})
            if(inc MATCHES "^${prefix}/" OR inc STREQUAL "${prefix}")
              set(ok TRUE)
            endif()
          endforeach()
          if(NOT ok)
            list(JOIN allowed ", " allowed_text)
            list(APPEND violations "${rel} includes \"${inc}\" (${folder}/ may include: ${allowed_text})")
          endif()
        endif()
      elseif(line MATCHES "<mpi\\.h>" AND mpi STREQUAL "no")
        list(APPEND violations "${rel} includes <mpi.h> (${folder}/ is MPI-free)")
      endif()
    endforeach()
  endforeach()
endforeach()

if(violations)
  list(JOIN violations "\n  " text)
  message(FATAL_ERROR "layering violations:\n  ${text}")
endif()
message(STATUS "layering: every include respects the folder rules")
