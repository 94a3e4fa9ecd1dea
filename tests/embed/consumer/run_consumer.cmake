# Installs the build tree into a scratch prefix, then builds tests/embed/consumer against it
# twice: with find_package(krait) and with pkg-config, and runs both programs.
# -DBUILD_DIR=<krait build> -DSRC=<this folder> -DWORK=<scratch folder> -DCC=<C compiler>
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK}/prefix
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "install failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SRC} -B ${WORK}/build
                        -DCMAKE_PREFIX_PATH=${WORK}/prefix RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "configuring the consumer failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "building the consumer failed")
endif()
execute_process(COMMAND ${WORK}/build/consumer RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "the CMake-built consumer failed")
endif()
find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  set(ENV{PKG_CONFIG_PATH} ${WORK}/prefix/lib/pkgconfig:${WORK}/prefix/lib64/pkgconfig)
  execute_process(COMMAND ${PKG_CONFIG} --cflags --libs --static krait
                  OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "pkg-config does not find krait")
  endif()
  separate_arguments(flags UNIX_COMMAND "${flags}")
  # pkg-config's -lkrait picks the shared library; run it from the install prefix.
  execute_process(COMMAND ${CC} ${SRC}/main.c -o ${WORK}/consumer_pc ${flags}
                  RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "building the consumer with pkg-config flags failed")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env
                          LD_LIBRARY_PATH=${WORK}/prefix/lib:${WORK}/prefix/lib64 ${WORK}/consumer_pc
                  RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "the pkg-config-built consumer failed")
  endif()
  # pkg-config --static with the static archive forced: every library libkrait.a needs is
  # in Libs.private, and the host's own list_new/dict_new do not clash with krait's.
  string(REPLACE "-lkrait" "-Wl,-Bstatic;-lkrait;-Wl,-Bdynamic" static_flags "${flags}")
  execute_process(COMMAND ${CC} ${SRC}/main.c -o ${WORK}/consumer_static ${static_flags}
                  RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "building the consumer against libkrait.a with pkg-config --static failed")
  endif()
  execute_process(COMMAND ${WORK}/consumer_static RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "the statically linked consumer failed")
  endif()
endif()
