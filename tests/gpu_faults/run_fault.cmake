# run_fault.cmake: one GPU fault script (tests/gpu_faults/CMakeLists.txt); fails unless
# krait exits 0 and the output has DONE and no FAIL line.
execute_process(COMMAND ${KRAIT} ${NAME}.py ${ARGS} WORKING_DIRECTORY ${DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 110)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NAME}: exit status ${rc}")
endif()
if(out MATCHES "(^|\n)FAIL" OR NOT out MATCHES "(^|\n)DONE")
  message(FATAL_ERROR "${NAME}: a check failed or the script did not finish")
endif()
