# Runs one conformance script with the krait binary and compares what it printed with the
# script's .exp file, byte for byte.  Invoked by ctest (see tests/CMakeLists.txt) as
#   cmake -DKRAIT=<binary> -DLANG_DIR=<tests/lang> -DNAME=<script stem> -DOUT_DIR=<dir> -P run_test.cmake
# The .exp format (shared with tests/gen_expected.py, which must stay in step with this file):
#   the script's stdout verbatim; then, only if stderr is non-empty or the exit status is
#   non-zero, a line "--- stderr ---", stderr verbatim, and a line "--- exit N ---".  A newline
#   is inserted before each marker line when the text before it does not end in one.
# The script runs with cwd = tests/lang and its bare file name as argument; any "<tests/lang>/"
# prefix is removed from the output (as gen_expected.py does for CPython, which prints the
# script's absolute path), so tracebacks read File "NAME.py".  NAME.stdin, when present, is
# its standard input; a first line "# args: a b c" gives extra command-line arguments.
# -DEXP_NAME=<stem> compares with <stem>.exp instead (one script, several expectations:
# tests/gpu_multi's per device count) and names the output files after it.
cmake_minimum_required(VERSION 3.20)

foreach(var KRAIT LANG_DIR NAME OUT_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_test.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT DEFINED TIMEOUT)
  set(TIMEOUT 60)
endif()

set(script "${LANG_DIR}/${NAME}.py")
if(NOT DEFINED EXP_NAME)
  set(EXP_NAME "${NAME}")
endif()
set(expected "${LANG_DIR}/${EXP_NAME}.exp")
if(NOT EXISTS "${expected}")
  message(FATAL_ERROR "missing ${expected}: run tests/gen_expected.py ${NAME}")
endif()
if(NOT EXISTS "${KRAIT}")
  message(FATAL_ERROR "interpreter not built: ${KRAIT}")
endif()

# Extra arguments from a first-line "# args: ..." comment.
set(args "")
file(READ "${script}" head LIMIT 400)
if(head MATCHES "^# args:([^\n]*)")
  separate_arguments(args UNIX_COMMAND "${CMAKE_MATCH_1}")
endif()

set(stdin_file "/dev/null")
if(EXISTS "${LANG_DIR}/${NAME}.stdin")
  set(stdin_file "${LANG_DIR}/${NAME}.stdin")
endif()

# The same environment gen_expected.py gives CPython (krait ignores most of it).
set(ENV{PYTHONNODEBUGRANGES} "1")
set(ENV{PYTHONHASHSEED} "0")
set(ENV{PYTHONIOENCODING} "utf-8")
set(ENV{PYTHONDONTWRITEBYTECODE} "1")

file(MAKE_DIRECTORY "${OUT_DIR}")
set(out_file "${OUT_DIR}/${EXP_NAME}.stdout")
set(err_file "${OUT_DIR}/${EXP_NAME}.stderr")
set(actual "${OUT_DIR}/${EXP_NAME}.out")

execute_process(
  COMMAND "${KRAIT}" "${NAME}.py" ${args}
  WORKING_DIRECTORY "${LANG_DIR}"
  INPUT_FILE "${stdin_file}"
  OUTPUT_FILE "${out_file}"
  ERROR_FILE "${err_file}"
  RESULT_VARIABLE status
  TIMEOUT ${TIMEOUT})

file(READ "${out_file}" out_text)
file(READ "${err_file}" err_text)
# Paths under tests/lang are shown relative to it, as gen_expected.py does for CPython (which
# prints the script's absolute path).
get_filename_component(lang_real "${LANG_DIR}" REALPATH)
foreach(dir "${LANG_DIR}" "${lang_real}")
  string(REPLACE "${dir}/" "" out_text "${out_text}")
  string(REPLACE "${dir}/" "" err_text "${err_text}")
endforeach()

# Appends a marker line to text, starting a new line first if needed.
function(append_marker var marker)
  set(text "${${var}}")
  string(LENGTH "${text}" len)
  if(len GREATER 0)
    math(EXPR last "${len} - 1")
    string(SUBSTRING "${text}" ${last} 1 tail)
    if(NOT tail STREQUAL "\n")
      string(APPEND text "\n")
    endif()
  endif()
  string(APPEND text "${marker}\n")
  set(${var} "${text}" PARENT_SCOPE)
endfunction()

set(result "${out_text}")
if(NOT err_text STREQUAL "" OR NOT status STREQUAL "0")
  append_marker(result "--- stderr ---")
  string(APPEND result "${err_text}")
  append_marker(result "--- exit ${status} ---")
endif()
file(WRITE "${actual}" "${result}")

execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${expected}" "${actual}"
                RESULT_VARIABLE differ OUTPUT_QUIET ERROR_QUIET)
if(differ)
  find_program(DIFF_PROGRAM diff)
  if(DIFF_PROGRAM)
    execute_process(
      COMMAND "${DIFF_PROGRAM}" -u --label "${NAME}.exp (CPython 3.11)" --label "${NAME} (krait)"
              "${expected}" "${actual}"
      OUTPUT_VARIABLE diff_text ERROR_VARIABLE diff_text)
  else()
    file(READ "${expected}" exp_text)
    set(diff_text "=== expected ===\n${exp_text}\n=== actual ===\n${result}")
  endif()
  string(LENGTH "${diff_text}" diff_len)
  if(diff_len GREATER 20000)
    string(SUBSTRING "${diff_text}" 0 20000 diff_text)
    string(APPEND diff_text "\n... (diff truncated; full output in ${actual})\n")
  endif()
  message("${diff_text}")
  message(FATAL_ERROR "${NAME}: output differs from CPython 3.11 (krait output kept in ${actual})")
endif()
