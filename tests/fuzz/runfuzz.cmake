# SPDX-License-Identifier: GPL-3.0-or-later
# One fuzz smoke run, as ctest runs it: copies the seed corpus into WORK (libFuzzer writes the inputs it
# finds into its first corpus directory, and the source tree must stay untouched), then fuzzes for SECONDS
# with a fixed seed. A crash leaves its input as WORK/artifacts/crash-* for tests/fuzz/regressions/.
# cmake -DFUZZER=... -DWORK=... -DSEEDS="a;b" -DSECONDS=25 -P runfuzz.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/corpus" "${WORK}/artifacts")
foreach(seed IN LISTS SEEDS)
    file(COPY "${seed}" DESTINATION "${WORK}/corpus")
endforeach()
execute_process(
    COMMAND "${FUZZER}" -max_total_time=${SECONDS} -seed=1 -timeout=20 -rss_limit_mb=2048 -max_len=65536
            -print_final_stats=1 "-artifact_prefix=${WORK}/artifacts/" "${WORK}/corpus"
    RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${FUZZER} failed (${rc}); the input is in ${WORK}/artifacts/")
endif()
