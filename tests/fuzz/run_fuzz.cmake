# run_fuzz.cmake: one short fuzzing run, as CI does it (tests/fuzz/CMakeLists.txt). An input
# running past 60 s is a hang (the scripts' own limits stop them at 2 s; ASan on a loaded
# machine makes some take ten times that). The
# corpus folder in the source tree is read, never written: libFuzzer writes what it finds
# to WORK/new (and a crashing input to WORK/crash-*), which starts empty each time; SEEDS
# (globs, e.g. tests/lang/*.py) are copied into WORK/seeds and read too.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/new ${WORK}/seeds)
set(dirs ${WORK}/new ${CORPUS})
if(SEEDS)
  file(GLOB seed_files ${SEEDS})
  file(COPY ${seed_files} DESTINATION ${WORK}/seeds)
  list(APPEND dirs ${WORK}/seeds)
endif()
set(dict_arg "")
if(FUZZER MATCHES "exec")
  set(dict_arg -dict=${DICT})
endif()
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=60 -rss_limit_mb=2048 -malloc_limit_mb=100000000 -max_len=8192
          -print_final_stats=1 -artifact_prefix=${WORK}/ ${dict_arg} ${dirs}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
string(REGEX MATCH "stat::number_of_executed_units: *[0-9]+" execs "${out}")
message("${execs}")
if(NOT rc EQUAL 0)
  message("${out}")
  message(FATAL_ERROR "${FUZZER}: finding (rc ${rc}); the input is in ${WORK}")
endif()
