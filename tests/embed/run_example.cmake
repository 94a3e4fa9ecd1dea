# run_example.cmake: runs one example host of examples/embed and checks what it printed.
# EXPECT names a file of regular expressions, one a line ('#' lines are comments): each must
# match a line of the host's output (stdout and stderr together), in the file's order, and
# the host must exit 0. They are the example's checks, written from what the host is meant
# to show, not a recorded run.
#   cmake -DEXE=path/to/host -DEXPECT=file.expect -P run_example.cmake
execute_process(COMMAND ${EXE} OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc
                TIMEOUT 100)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${EXE} exited with ${rc}")
endif()
file(READ ${EXPECT} patterns)
string(APPEND out "\n")
# both texts are walked a line at a time with string(FIND), not as CMake lists: lines may
# hold ';' or unbalanced brackets
while(NOT patterns STREQUAL "")
  string(FIND "${patterns}" "\n" nl)
  if(nl EQUAL -1)
    set(pat "${patterns}")
    set(patterns "")
  else()
    string(SUBSTRING "${patterns}" 0 ${nl} pat)
    math(EXPR nl "${nl} + 1")
    string(SUBSTRING "${patterns}" ${nl} -1 patterns)
  endif()
  if(pat MATCHES "^#" OR pat STREQUAL "")
    continue()
  endif()
  set(found OFF)
  while(NOT out STREQUAL "")
    string(FIND "${out}" "\n" nl)
    string(SUBSTRING "${out}" 0 ${nl} line)
    math(EXPR nl "${nl} + 1")
    string(SUBSTRING "${out}" ${nl} -1 out)
    if(line MATCHES "${pat}")
      set(found ON)
      break()
    endif()
  endwhile()
  if(NOT found)
    message(FATAL_ERROR "no line (after the ones matched before it) matches: ${pat}")
  endif()
endwhile()
