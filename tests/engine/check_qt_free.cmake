# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a file of the engine includes a Qt header: the engine must stay Qt-free (docs/architecture.md).
file(GLOB_RECURSE sources "${ENGINE_DIR}/*.h" "${ENGINE_DIR}/*.cpp")
foreach(f IN LISTS sources)
    file(STRINGS "${f}" hits REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]Q")
    if(hits)
        message(FATAL_ERROR "${f} includes Qt: ${hits}")
    endif()
endforeach()
list(LENGTH sources n)
message(STATUS "${n} engine files, none includes Qt")
