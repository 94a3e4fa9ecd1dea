# Runs one hostile script (tests/hostile/CMakeLists.txt): passes when krait exits with status
# 0 and the last line of its output is "ok". -DKRAIT=... -DDIR=... -DNAME=...
execute_process(COMMAND ${KRAIT} ${NAME}.py WORKING_DIRECTORY ${DIR} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL "0" OR NOT out MATCHES "(^|\n)ok\n$")
  message(FATAL_ERROR "hostile/${NAME}: exit ${rc}\n--- stdout ---\n${out}\n--- stderr ---\n${err}")
endif()
